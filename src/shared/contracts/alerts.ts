// Volunteer alerts: a volunteer's choices, the browser's push subscription, and the administrators' summary.
// Client code imports only the types from here.
import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { emailLinkQuerySchema } from './email-link.ts';

export const ALERT_EMAIL_CHOICES = ['off', 'instant', 'daily'] as const;
export type AlertEmailChoice = (typeof ALERT_EMAIL_CHOICES)[number];

/** The furthest distance a volunteer may choose; beyond it, "the whole city" is the right answer. */
export const MAX_ALERT_RADIUS_KM = 50;

export const alertCentreSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type AlertCentre = z.infer<typeof alertCentreSchema>;

const preferenceFields = z.object({
  /** Web Push to the volunteer's devices. */
  push: z.boolean(),
  /** An e-mail for each new report ('instant', grouped per 10 minutes), a daily digest, or none. */
  email: z.enum(ALERT_EMAIL_CHOICES),
  /** Only reports within this many km of the centre; null means the whole city. */
  radiusKm: z.number().positive().max(MAX_ALERT_RADIUS_KM).nullable(),
  centre: alertCentreSchema.nullable(),
});

export const alertPreferencesInputSchema = preferenceFields.refine((p) => p.radiusKm === null || p.centre !== null, {
  message: 'Choose the point to measure the distance from',
  path: ['centre'],
});
export type AlertPreferencesInput = z.infer<typeof alertPreferencesInputSchema>;

export const alertPreferencesSchema = preferenceFields.extend({
  /** False until the volunteer has saved a choice: the dashboard card then invites them to. */
  chosen: z.boolean(),
  /** How many of the volunteer's devices receive push alerts. */
  pushDevices: z.number().int(),
  /** The local hour (Europe/London) the daily digest goes out. */
  digestHour: z.number().int().min(0).max(23),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

const base64url = (bytes: number, name: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`)
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) >= bytes, `${name} is too short`);

/** The browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'endpoint must be an https URL' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url(65, 'keys.p256dh').refine((v) => v.length <= 100, 'keys.p256dh is too long'),
    auth: base64url(16, 'keys.auth').refine((v) => v.length <= 64, 'keys.auth is too long'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionDeleteSchema = z.object({ endpoint: z.string().max(2048) });

export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

export const alertsSummarySchema = z.object({
  /** Volunteers with push on and at least one device. */
  push: z.number().int(),
  pushDevices: z.number().int(),
  emailInstant: z.number().int(),
  emailDaily: z.number().int(),
  /** Volunteers with any alert on. */
  anyAlert: z.number().int(),
  outbox: z.object({
    /** Jobs not delivered yet (including those waiting for a retry). */
    pending: z.number().int(),
    /** Of those, jobs that have failed at least once. */
    retrying: z.number().int(),
    /** Jobs given up after 24 hours of retries, in the last 7 days. */
    failed: z.number().int(),
    oldestPendingAt: z.iso.datetime().nullable(),
  }),
});
export type AlertsSummary = z.infer<typeof alertsSummarySchema>;

const routes = apiRoutes.alerts;
export const alertEndpoints = {
  preferences: endpoint(routes.preferences, { response: alertPreferencesSchema }),
  savePreferences: endpoint(routes.savePreferences, {
    body: alertPreferencesInputSchema,
    response: alertPreferencesSchema,
  }),
  vapidPublicKey: endpoint(routes.vapidPublicKey, { response: vapidPublicKeySchema }),
  addPushSubscription: endpoint(routes.addPushSubscription, {
    body: pushSubscriptionSchema,
    response: alertPreferencesSchema,
    status: 201,
  }),
  removePushSubscription: endpoint(routes.removePushSubscription, {
    body: pushSubscriptionDeleteSchema,
    response: alertPreferencesSchema,
  }),
  /** A small HTML page of its own. */
  unsubscribePage: endpoint(routes.unsubscribePage, { query: emailLinkQuerySchema, response: null }),
  unsubscribe: endpoint(routes.unsubscribe, { query: emailLinkQuerySchema, response: null }),
  summary: endpoint(routes.summary, { response: alertsSummarySchema }),
};

/** What the service worker receives in a push message (JSON, encrypted on the way). */
export interface AlertPushPayload {
  title: string;
  body: string;
  /** Absolute URL of the newest report's thumbnail. */
  icon: string | null;
  image: string | null;
  /** The page a tap opens. */
  url: string;
  tag: string;
  reports: { id: number; what3words: string }[];
}
