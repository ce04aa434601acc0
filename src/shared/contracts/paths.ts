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
