import { route } from '../http.ts';

export const reportsRoutes = {
  create: route('POST', '/api/reports'),
  stagePhoto: route('POST', '/api/reports/staged-photos'),
  /** Without a query: every report. With one (status, sort, q, cursor, limit...): one page of the management list. */
  list: route('GET', '/api/reports'),
  /** An event stream (Server-Sent Events) that names the list's new version whenever it changes. */
  changes: route('GET', '/api/reports/changes'),
  setStatusMany: route('POST', '/api/admin/reports/status'),
  /** The reports the filters select, as CSV. */
  exportCsv: route('GET', '/api/admin/reports/export'),
  photos: route('GET', '/api/reports/:id/photos'),
  addPhotos: route('POST', '/api/reports/:id/photos'),
  deletePhoto: route('DELETE', '/api/reports/:id/photos/:photoId'),
  setStatus: route('PATCH', '/api/reports/:id/status'),
  edit: route('PATCH', '/api/reports/:id'),
  delete: route('DELETE', '/api/reports/:id'),
  createManual: route('POST', '/api/admin/reports'),
  renumber: route('POST', '/api/admin/renumber-reports'),
  stats: route('GET', '/api/stats'),
} as const;
