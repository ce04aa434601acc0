// API paths, kept free of zod so client code that only needs a URL does not ship the schema library.

export const reportPaths = {
  list: '/api/reports',
  create: '/api/reports',
  photos: (id: number | string) => `/api/reports/${id}/photos`,
  stats: '/api/stats',
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

export const cleanupPaths = {
  findNearby: '/api/find-nearby',
  reportStatus: (id: number | string) => `/api/reports/${id}/status`,
  reportPhotos: (id: number | string) => `/api/reports/${id}/photos`,
  complete: '/api/cleanup/complete',
  /** The signed-in volunteer's own site in cleaning, if any (restores the workflow on reload). */
  current: '/api/cleanup/current',
} as const;
