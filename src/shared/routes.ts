// The client's route table (SPEC.md section 2, every alias). The server uses the same list to answer
// unknown paths with status 404 while the SPA shows its 404 page.

export const routes = {
  home: '/',
  about: '/about',
  find: ['/volunteers', '/volunteer', '/volunteer-backend'],
  signIn: ['/volunteer-signin', '/volunteers/signin'],
  volunteerDashboard: ['/volunteers/dashboard', '/volunteer-dashboard'],
  adminDashboard: '/volunteer-portal',
} as const;

export const knownClientPaths: ReadonlySet<string> = new Set(Object.values(routes).flat());
