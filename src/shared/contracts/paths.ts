// API paths, kept free of zod so client code that only needs a URL does not ship the schema library.

export const reportPaths = {
  list: '/api/reports',
  create: '/api/reports',
  photos: (id: number | string) => `/api/reports/${id}/photos`,
  stats: '/api/stats',
} as const;

export const adminAccessPaths = {
  signIn: '/api/admin/auth',
  signOut: '/api/admin/logout',
  session: '/api/admin/me',
} as const;

export const locationPaths = {
  coordinatesToWords: '/api/location/coordinates-to-words',
  wordsToCoordinates: '/api/location/words-to-coordinates',
  provider: '/api/location/provider',
} as const;

/** The management dashboard's calls on reports and the volunteer actions it uses. */
export const reportManagementPaths = {
  report: (id: number | string) => `/api/reports/${id}`,
  status: (id: number | string) => `/api/reports/${id}/status`,
  photos: (id: number | string) => `/api/reports/${id}/photos`,
  photo: (id: number | string, photoId: number | string) => `/api/reports/${id}/photos/${photoId}`,
  manual: '/api/admin/reports',
  renumber: '/api/admin/renumber-reports',
} as const;

/** Meet Up Clean Up events, under the required name `/api/mucus`. */
export const eventPaths = {
  create: '/api/mucus',
  list: '/api/admin/mucus',
  event: (id: number | string) => `/api/admin/mucus/${id}`,
  attendance: '/api/admin/mucu-attendance',
} as const;

export const analyticsPaths = {
  volunteers: '/api/admin/volunteer-analytics',
  dailyProgress: '/api/admin/daily-progress',
  dailyProgressExport: '/api/admin/daily-progress/export',
} as const;

export const volunteerAuthPaths = {
  signIn: '/api/volunteers/auth/signin',
  verify: '/api/volunteers/auth/verify',
  continue: '/api/volunteers/auth/continue',
  me: '/api/volunteers/auth/me',
  logout: '/api/volunteers/auth/logout',
} as const;

export const cleanupPaths = {
  findNearby: '/api/find-nearby',
  reportStatus: (id: number | string) => `/api/reports/${id}/status`,
  reportPhotos: (id: number | string) => `/api/reports/${id}/photos`,
  complete: '/api/cleanup/complete',
  /** The signed-in volunteer's own site in cleaning, if any (restores the workflow on reload). */
  current: '/api/cleanup/current',
} as const;

export const volunteerDashboardPaths = {
  dashboard: '/api/volunteers/dashboard',
} as const;
