// Privacy: what the notice page needs from the server (who runs the service, how long things are
// kept), and the JSON file in a volunteer's data download. Client code imports only types from here.
import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { certificateFiguresSchema } from './record-certificates.ts';
import { AGE_BANDS } from './safety.ts';

/** `GET /api/privacy`: the deployment's own facts, so the notice never says what the server does not do. */
export const privacyNoticeSchema = z.object({
  operatorName: z.string(),
  operatorEmail: z.string(),
  retention: z.object({
    /** Sign-in links and codes, and sessions once ended, are deleted this many hours later. */
    signInHours: z.number().int(),
    /** A volunteer unseen this long is warned by e-mail ... */
    inactiveAccountDays: z.number().int(),
    /** ... and erased this many days after the warning unless they sign in. */
    erasureNoticeDays: z.number().int(),
    /** The administrators' audit log is kept this many days. */
    auditLogDays: z.number().int(),
  }),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

const isoOrNull = z.iso.datetime().nullable();
/** An event's date: ISO, or the stored text of one written before dates were checked (kept, not dropped). */
const eventDate = z.iso.datetime().or(z.string());

/** A photo in the download: its file inside the zip (null when the stored file was missing). */
const exportedPhotoSchema = z.object({ file: z.string().nullable() });

/** `my-data.json` inside the zip that `GET /api/volunteers/me/data` answers. */
export const myDataSchema = z.object({
  exportedAt: z.iso.datetime(),
  service: z.object({ operatorName: z.string(), operatorEmail: z.string(), privacyNotice: z.string() }),
  profile: z.object({
    id: z.number().int(),
    email: z.string(),
    name: z.string().nullable(),
    joinedAt: isoOrNull,
    lastActiveAt: isoOrNull,
    inactivityWarnedAt: isoOrNull,
  }),
  cleanups: z.array(
    z.object({
      id: z.number().int(),
      reportId: z.number().int(),
      what3words: z.string(),
      completedAt: z.iso.datetime(),
      minutesWorked: z.number().int(),
      notes: z.string().nullable(),
      beforePhoto: exportedPhotoSchema,
      afterPhoto: exportedPhotoSchema,
    }),
  ),
  progressPhotos: z.array(
    z.object({
      id: z.number().int(),
      reportId: z.number().int(),
      description: z.string().nullable(),
      addedAt: z.iso.datetime(),
      photo: exportedPhotoSchema,
    }),
  ),
  /** The site the volunteer is cleaning now, if any. */
  cleaningNow: z.array(z.object({ reportId: z.number().int(), what3words: z.string(), since: isoOrNull })),
  mucuAttendances: z.array(
    z.object({
      id: z.number().int(),
      event: z.string(),
      date: eventDate,
      location: z.string(),
      notes: z.string().nullable(),
      recordedAt: z.iso.datetime(),
    }),
  ),
  achievements: z.array(z.object({ badgeType: z.string(), earnedAt: z.iso.datetime() })),
  alertChoices: z
    .object({
      push: z.boolean(),
      email: z.string(),
      radiusKm: z.number().nullable(),
      centre: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
      dailySince: isoOrNull,
      updatedAt: z.iso.datetime(),
    })
    .nullable(),
  alertsSent: z.array(
    z.object({ reportId: z.number().int(), channel: z.string(), at: z.iso.datetime(), sentAt: isoOrNull }),
  ),
  alertWindows: z.array(z.object({ channel: z.string(), lastSentAt: isoOrNull })),
  devices: z.array(z.object({ endpoint: z.string(), addedAt: z.iso.datetime() })),
  sessions: z.array(
    z.object({
      kind: z.string(),
      startedAt: z.iso.datetime(),
      lastSeenAt: z.iso.datetime(),
      expiresAt: z.iso.datetime(),
    }),
  ),
  signInEmails: z.array(z.object({ sentAt: z.iso.datetime(), usedAt: isoOrNull })),
  /** 'I'll be there' answers to MUCU events, going or on the waiting list. */
  eventAnswers: z.array(
    z.object({
      event: z.string(),
      date: eventDate,
      answer: z.enum(['going', 'waiting']),
      answeredAt: z.iso.datetime(),
      remindedAt: isoOrNull,
    }),
  ),
  /** Time and bags they logged at MUCU events, as logged and as the organiser approved them. */
  eventTimeAndBags: z.array(
    z.object({
      event: z.string(),
      date: eventDate,
      status: z.enum(['pending', 'approved']),
      loggedMinutes: z.number().int(),
      loggedBags: z.number().int().nullable(),
      loggedAreaM2: z.number().int().nullable(),
      minutes: z.number().int(),
      bags: z.number().int().nullable(),
      areaM2: z.number().int().nullable(),
      loggedAt: z.iso.datetime(),
      approvedAt: isoOrNull,
    }),
  ),
  /** Each year's safety briefing they accepted, and the age band they gave. */
  safetyBriefing: z.array(
    z.object({ year: z.number().int(), acceptedAt: z.iso.datetime(), ageBand: z.enum(AGE_BANDS) }),
  ),
  /** Certificates of their record they downloaded, with their check links' codes. */
  certificates: z.array(certificateFiguresSchema.extend({ code: z.string(), withdrawnAt: isoOrNull })),
  /** Whether they get event reminders and change notices; null when never set. */
  eventEmails: z.object({ on: z.boolean(), updatedAt: z.iso.datetime() }).nullable(),
  /** Administrators' actions about this volunteer (attendance recorded for them), or taken by them. */
  administratorActions: z.array(
    z.object({ at: z.iso.datetime(), action: z.string(), yourPart: z.enum(['about you', 'by you']) }),
  ),
});
export type MyData = z.infer<typeof myDataSchema>;

const routes = apiRoutes.privacy;

export const privacyEndpoints = {
  notice: endpoint(routes.notice, { response: privacyNoticeSchema }),
  /** A zip file (`my-data.json`, `README.txt` and `photos/`), not JSON. */
  myData: endpoint(routes.myData, { response: null }),
  eraseAccount: endpoint(routes.eraseAccount, { response: null, status: 204 }),
};
