// The client's route table (SPEC.md section 2, every alias). The server uses the same list to answer
// unknown paths with status 404 while the SPA shows its 404 page.

export const routes = {
  home: '/',
  about: '/about',
  find: ['/volunteers', '/volunteer', '/volunteer-backend'],
  signIn: ['/volunteer-signin', '/volunteers/signin'],
  /** The page an e-mailed sign-in link opens: one 'Continue' button (DESIGN.md). */
  signInLink: '/volunteers/signin/continue',
  volunteerDashboard: ['/volunteers/dashboard', '/volunteer-dashboard'],
  adminDashboard: '/volunteer-portal',
  /** How the service uses personal data, and how to use your rights. */
  privacy: '/privacy',
} as const;

export const knownClientPaths: ReadonlySet<string> = new Set(Object.values(routes).flat());
