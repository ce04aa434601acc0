// Every route of the API, once: its method and path, grouped by the feature that owns it. The feature
// contracts give each route its schemas (`endpoint()`), the server registers it from there, and the
// client calls it by the same name. Kept free of zod: the pages import this table, not the schemas.
import { route } from './http.ts';

export const apiRoutes = {
  health: {
    check: route('GET', '/api/health'),
    /** Liveness: the process answers. */
    live: route('GET', '/api/health/live'),
    /** Readiness: the database, photo storage and migrations are fine and the process is not shutting down. */
    ready: route('GET', '/api/health/ready'),
  },
  reports: {
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
  },
  /** Following a report: its status page by private token, e-mail when cleaned, 'Already reported here'. */
  reportFollowUp: {
    status: route('GET', '/api/report-status/:token'),
    follow: route('POST', '/api/report-status/:token/follow'),
    /** The link in the confirmation e-mail (`?token=`): GET shows one button, POST confirms. */
    confirmPage: route('GET', '/api/report-follow/confirm'),
    confirm: route('POST', '/api/report-follow/confirm'),
    /** The one-click unsubscribe link in every e-mail about a followed report (`?token=`). */
    unsubscribePage: route('GET', '/api/report-follow/unsubscribe'),
    unsubscribe: route('POST', '/api/report-follow/unsubscribe'),
    alreadyReported: route('GET', '/api/reports/already-reported'),
    addConfirmation: route('POST', '/api/reports/:id/confirmations'),
    setPriority: route('PUT', '/api/admin/reports/:id/priority'),
  },
  /** The map: the sites one view shows, clustered. */
  reportMap: {
    view: route('GET', '/api/map'),
  },
  location: {
    coordinatesToWords: route('GET', '/api/location/coordinates-to-words'),
    wordsToCoordinates: route('GET', '/api/location/words-to-coordinates'),
    provider: route('GET', '/api/location/provider'),
  },
  adminAccess: {
    signIn: route('POST', '/api/admin/auth'),
    signOut: route('POST', '/api/admin/logout'),
    session: route('GET', '/api/admin/me'),
  },
  events: {
    create: route('POST', '/api/mucus'),
    list: route('GET', '/api/admin/mucus'),
    update: route('PUT', '/api/admin/mucus/:id'),
    delete: route('DELETE', '/api/admin/mucus/:id'),
    addAttendance: route('POST', '/api/admin/mucu-attendance'),
  },
  /** Public MUCU events: the pages' data, 'I'll be there', calendars, and who is coming. */
  publicEvents: {
    list: route('GET', '/api/events'),
    page: route('GET', '/api/events/:id'),
    rsvp: route('PUT', '/api/events/:id/rsvp'),
    withdraw: route('DELETE', '/api/events/:id/rsvp'),
    /** One event as an iCalendar file. */
    calendar: route('GET', '/api/events/:id/calendar.ics'),
    /** Every upcoming event: a calendar app subscribes to this. */
    feed: route('GET', '/api/events/feed.ics'),
    /** The one-click unsubscribe link in every event e-mail (`?token=`); works signed out. */
    unsubscribePage: route('GET', '/api/events/unsubscribe'),
    unsubscribe: route('POST', '/api/events/unsubscribe'),
    mine: route('GET', '/api/volunteers/events'),
    emailSettings: route('GET', '/api/volunteers/event-emails'),
    saveEmailSettings: route('PUT', '/api/volunteers/event-emails'),
    whoIsComing: route('GET', '/api/admin/mucus/:id/rsvps'),
    setCapacity: route('PUT', '/api/admin/mucus/:id/capacity'),
    recordAttendance: route('POST', '/api/admin/mucus/:id/attendance'),
  },
  analytics: {
    volunteers: route('GET', '/api/admin/volunteer-analytics'),
    dailyProgress: route('GET', '/api/admin/daily-progress'),
    dailyProgressExport: route('GET', '/api/admin/daily-progress/export'),
  },
  volunteerAuth: {
    signIn: route('POST', '/api/volunteers/auth/signin'),
    verify: route('POST', '/api/volunteers/auth/verify'),
    continue: route('POST', '/api/volunteers/auth/continue'),
    me: route('GET', '/api/volunteers/auth/me'),
    logout: route('POST', '/api/volunteers/auth/logout'),
  },
  volunteerDashboard: {
    dashboard: route('GET', '/api/volunteers/dashboard'),
  },
  cleanups: {
    findNearby: route('POST', '/api/find-nearby'),
    /** The signed-in volunteer's own site in cleaning, if any (restores the workflow on reload). */
    current: route('GET', '/api/cleanup/current'),
    complete: route('POST', '/api/cleanup/complete'),
  },
  alerts: {
    preferences: route('GET', '/api/alerts/preferences'),
    savePreferences: route('PUT', '/api/alerts/preferences'),
    vapidPublicKey: route('GET', '/api/alerts/vapid-public-key'),
    addPushSubscription: route('POST', '/api/alerts/push-subscriptions'),
    removePushSubscription: route('DELETE', '/api/alerts/push-subscriptions'),
    /** The one-click unsubscribe link in every alert e-mail (`?token=`); works signed out. */
    unsubscribePage: route('GET', '/api/alerts/unsubscribe'),
    unsubscribe: route('POST', '/api/alerts/unsubscribe'),
    summary: route('GET', '/api/admin/alerts-summary'),
  },
  privacy: {
    /** The deployment's facts the privacy notice shows (who runs the service, how long things are kept). */
    notice: route('GET', '/api/privacy'),
    /** The signed-in volunteer's data, as one zip. */
    myData: route('GET', '/api/volunteers/me/data'),
    /** Erases the signed-in volunteer's account. */
    eraseAccount: route('DELETE', '/api/volunteers/me'),
  },
  photoRedaction: {
    redact: route('POST', '/api/admin/photos/redact'),
  },
  /** Reports whose typed location is still to be placed on the map. */
  reportLocations: {
    unplaced: route('GET', '/api/admin/reports/unplaced'),
  },
  auditLog: {
    list: route('GET', '/api/admin/audit-log'),
  },
  /** Every report's public record under an open licence, for anyone to reuse. */
  openData: {
    reportsGeoJson: route('GET', '/api/open-data/reports.geojson'),
    reportsCsv: route('GET', '/api/open-data/reports.csv'),
  },
} as const;

export type ApiRoutes = typeof apiRoutes;
