// The database tables as Kysely sees them. Timestamps are written as
// ISO-8601 UTC strings on both databases; PostgreSQL reads them back as Date, SQLite as the string,
// so repositories normalise with `toIso` before anything leaves them.
import type { ColumnType, Generated } from 'kysely';
import type { Point } from '#shared/domain/geo.ts';

/** Written as an ISO string, read back as a string (SQLite) or a Date (PostgreSQL). */
export type Timestamp = ColumnType<Date | string, string, string>;

export interface ReportsTable {
  id: Generated<number>;
  what3words: string;
  description: string | null;
  photo_key: string;
  status: 'reported' | 'cleaning' | 'completed';
  reported_at: Timestamp;
  completed_at: Timestamp | null;
  cleaning_started_at: Timestamp | null;
  cleaning_volunteer_id: number | null;
  latitude: number | null;
  longitude: number | null;
  location_source: 'device' | 'photo' | 'words' | null;
  words_scheme: 'grid' | 'what3words';
  updated_at: Timestamp;
  idempotency_key: string | null;
  /** When an administrator last blurred part of one of the report's photos (017-privacy). */
  photo_redacted_at: Timestamp | null;
  /** The private link's token of the report's status page; null for reports older than it (014). */
  status_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many people reported this graffiti: 1, plus one per 'Add my photo to it' (014). */
  reporter_count: ColumnType<number, number | undefined, number>;
  /** 0/1: offensive graffiti, offered to volunteers first (014). */
  priority: ColumnType<number | boolean, number | undefined, number>;
  /** Whether the typed location was checked with the provider (013-location-check). */
  location_status: Generated<'checked' | 'to-check' | 'not-found'>;
  /** The clean-up of another report of the same site that completed this one (040-site-twins). */
  completed_by_cleanup_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When it is due to be cleaned, by the service level in force when it was reported (047-service-levels). */
  due_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When the administrators were told it is overdue; null until then (047). */
  overdue_alerted_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When the administrators were told an offensive report is still unclaimed; null until then (047). */
  unclaimed_alerted_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The site (one wall) the report belongs to; null only for rows written beside the app (051-sites). */
  site_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0/1: made after its site had been cleaned, with no report of it open then (051-sites). */
  tagged_again: ColumnType<number, number | undefined, number>;
  /** How many devices said 'Me too' (050-me-too). */
  me_too_count: ColumnType<number, number | undefined, number>;
  /** The group 'Priority first' shows it in: 2 offensive, 1 with a 'Me too', 0 the rest; generated (050). */
  priority_rank: ColumnType<number, never, never>;
}

export interface SitesTable {
  id: Generated<number>;
  created_at: Timestamp;
}

export interface ReportPhotosTable {
  id: Generated<number>;
  report_id: number;
  photo_type: string;
  description: string | null;
  uploaded_by: string | null;
  photo_key: string;
  created_at: Timestamp;
  /** The volunteer who added it; null for older photos and once they are erased (017-privacy). */
  volunteer_id: number | null;
  /** The status link of the one who added it with 'Add my photo to it' (038); null for other photos. */
  status_token: string | null;
}

export interface VolunteersTable {
  id: Generated<number>;
  email: string;
  name: string | null;
  joined_at: Timestamp;
  last_active_at: Timestamp | null;
  /** When they were told their inactive account will be erased; null otherwise (017-privacy). */
  inactivity_warned_at: Timestamp | null;
}

export interface CleanupsTable {
  id: Generated<number>;
  report_id: number;
  volunteer_id: number | null;
  completed_at: Timestamp;
  minutes_worked: number;
  before_photo_key: string;
  after_photo_key: string;
  notes: string | null;
  /** The time measured from claim to completion, once the volunteer corrected it down (048). */
  measured_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why the volunteer corrected the time (048). */
  time_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MucuEventsTable {
  id: Generated<number>;
  name: string;
  location: string;
  date: Timestamp;
  description: string | null;
  maps_link: string | null;
  created_at: Timestamp;
  /** How many may say 'I'll be there'; null for no limit (016-event-rsvps). */
  capacity: ColumnType<number | null, number | null | undefined, number | null>;
  /** The volunteer who created it; null when an administrator signed in by code alone did, or once erased (042-event-creators). */
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The events' version, moved by triggers on every change a calendar shows (041-event-calendars). */
export interface MucuEventsVersionTable {
  id: number;
  version: ColumnType<string | number, never, never>;
}

export interface MucuAttendancesTable {
  id: Generated<number>;
  mucu_id: number;
  /** Null once the volunteer has been erased: the attendance still counts (017-privacy). */
  volunteer_id: number | null;
  notes: string | null;
  created_at: Timestamp;
}

export interface AchievementsTable {
  id: Generated<number>;
  volunteer_id: number;
  badge_type: string;
  earned_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  kind: 'volunteer' | 'admin';
  volunteer_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface SignInTokensTable {
  id: Generated<number>;
  volunteer_id: number;
  token_hash: string;
  code_hash: string;
  failed_attempts: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  volunteer_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  attempts: number;
  run_after: Timestamp;
  locked_until: Timestamp | null;
  delivered_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  /** A job with a key is queued at most once (004-alerts). */
  dedupe_key: string | null;
  /** Set when retries stopped (24 hours of back-off); such a job is never claimed again. */
  gave_up_at: Timestamp | null;
}

/** Which alerts a volunteer asked for (004-alerts). No row: nothing chosen yet. */
export interface AlertPreferencesTable {
  volunteer_id: number;
  /** 0/1 on both databases. */
  push: number;
  email: 'off' | 'instant' | 'daily';
  radius_km: number | null;
  centre_latitude: number | null;
  centre_longitude: number | null;
  daily_since: Timestamp | null;
  unsubscribe_token: string;
  updated_at: Timestamp;
}

/** One report told (or to be told) to one volunteer on one channel: unique, so at most once. */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  volunteer_id: number;
  channel: 'push' | 'email' | 'digest';
  report_id: number;
  created_at: Timestamp;
  /** When it went into a message; null while it waits for the volunteer's 10-minute window. */
  batched_at: Timestamp | null;
}

/** The instant-alert window per volunteer and channel: one message per 10 minutes. */
export interface AlertWindowsTable {
  volunteer_id: number;
  channel: 'push' | 'email';
  last_sent_at: Timestamp | null;
  /** 0/1: a dispatch job is queued for this window. */
  dispatch_pending: number;
}

/** A volunteer's 'I'll be there' for an event (016-event-rsvps): one per volunteer and event. */
export interface EventRsvpsTable {
  id: Generated<number>;
  mucu_id: number;
  volunteer_id: number;
  /** 'waiting' once the event's places are taken; the earliest waiting moves up when a place frees. */
  status: 'going' | 'waiting';
  created_at: Timestamp;
  /** When the day-before reminder was queued for them; null until then. */
  reminded_at: Timestamp | null;
}

/** Whether a volunteer gets event reminders and change notices, and their unsubscribe token. */
export interface EventMailSettingsTable {
  volunteer_id: number;
  /** 0/1 on both databases. */
  emails_on: number;
  unsubscribe_token: string;
  updated_at: Timestamp;
}

/** Someone waiting to hear that a report was cleaned (014): kept until told, or 90 days. */
export interface ReportFollowersTable {
  id: Generated<number>;
  report_id: number;
  email: string;
  confirm_token: string;
  unsubscribe_token: string;
  confirmed_at: Timestamp | null;
  notified_at: Timestamp | null;
  created_at: Timestamp;
  /** The status link the address came with, which its e-mails carry (038); null for older rows. */
  status_token: string | null;
}

export interface AdminAttemptsTable {
  id: Generated<number>;
  client_key: string;
  attempted_at: Timestamp;
}

/** One administrator action (017-privacy). Names are joined when read, never copied in. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  action: string;
  actor_session: string | null;
  actor_volunteer_id: number | null;
  target_type: string | null;
  target_id: string | null;
  subject_volunteer_id: number | null;
  /** JSON with the action's particulars (never an address or a name). */
  detail: string | null;
}

/** One row (id 1), kept by triggers: the report list's change counter and its counts by status (010-report-list). */
export interface ReportListStateTable {
  id: number;
  version: ColumnType<string | number, never, never>;
  reported: number;
  cleaning: number;
  completed: number;
}

/** Open sites with and without coordinates, kept by the reports table's triggers (031-open-site-counts). */
export interface OpenSiteCountsTable {
  id: number;
  placed: ColumnType<string | number, never, never>;
  unplaced: ColumnType<string | number, never, never>;
}

/** An abuse limit's count for one client in its current window, on PostgreSQL only (020-limit-counters). */
export interface LimitCountersTable {
  key: string;
  hits: number;
  resets_at: Timestamp;
}

/** A photo sent ahead of its report (044-staged-photos); written only by the reports feature. */
export interface StagedPhotosTable {
  id: Generated<number>;
  reference_hash: string;
  holder_hash: string;
  photo_key: string;
  gps_latitude: number | null;
  gps_longitude: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** One device's 'Me too' for an open report (050-me-too); written only by the reports feature. */
export interface ReportMeToosTable {
  id: Generated<number>;
  report_id: number;
  device_hash: string;
  created_at: Timestamp;
}

/** A partner app's Open311 key, kept as its hash (046-open311-partners); written only by the open311 feature. */
export interface Open311ApiKeysTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  key_hint: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

/** A report a partner app posted through Open311 (046-open311-partners); open311 writes it. */
export interface Open311PartnerRequestsTable {
  report_id: number;
  api_key_id: number | null;
  partner_name: string;
  created_at: Timestamp;
}

/** A report referred to the body responsible for it (046-open311-partners); open311 writes it. */
export interface ReportReferralsTable {
  id: Generated<number>;
  report_id: number;
  body_id: string;
  body_name: string;
  state: 'waiting' | 'sent' | 'closed' | 'failed' | 'withdrawn';
  remote_id: string | null;
  last_answer: string | null;
  attempts: Generated<number>;
  referred_at: Timestamp;
  sent_at: Timestamp | null;
  checked_at: Timestamp | null;
  closed_at: Timestamp | null;
}

/** How far each responsible body's servicerequestupdates.xml has been read (052-referral-updates). */
export interface ReferralUpdateReadsTable {
  body_id: string;
  read_until: Timestamp;
}

/** The secret each MUCU event's check-in codes are derived from (048-volunteer-record). */
export interface EventCheckInKeysTable {
  mucu_id: number;
  secret: string;
  created_at: Timestamp;
}

/** Time and bags an attendee logged after a MUCU event; counts once approved (048-volunteer-record). */
export interface EventLogsTable {
  id: Generated<number>;
  mucu_id: number;
  volunteer_id: number | null;
  logged_minutes: number;
  logged_bags: number | null;
  logged_area_m2: number | null;
  minutes: number;
  bags: number | null;
  area_m2: number | null;
  status: 'pending' | 'approved';
  created_at: Timestamp;
  updated_at: Timestamp;
  approved_at: Timestamp | null;
}

/** A volunteer's record over a period as issued, checked at /verify/<code> (048-volunteer-record). */
export interface RecordCertificatesTable {
  id: Generated<number>;
  volunteer_id: number;
  code: string;
  period_from: string;
  period_to: string;
  minutes: number;
  sites_cleaned: number;
  events_attended: number;
  issued_at: Timestamp;
  withdrawn_at: Timestamp | null;
}

/** A volunteer's latest acceptance of the safety briefing and their age band (049-safety-and-consent). */
export interface VolunteerSafetyTable {
  volunteer_id: number;
  briefing_year: number;
  accepted_at: Timestamp;
  age_band: 'under-16' | '16-or-over';
}

/** A report on private property, withheld until the owner's consent is recorded (049-safety-and-consent). */
export interface ReportOwnerConsentsTable {
  report_id: number;
  marked_at: Timestamp;
  given_by: string | null;
  given_at: Timestamp | null;
  recorded_at: Timestamp | null;
}

export interface Tables {
  reports: ReportsTable;
  report_list_state: ReportListStateTable;
  open_site_counts: OpenSiteCountsTable;
  report_photos: ReportPhotosTable;
  volunteers: VolunteersTable;
  cleanups: CleanupsTable;
  mucu_events: MucuEventsTable;
  mucu_attendances: MucuAttendancesTable;
  mucu_events_version: MucuEventsVersionTable;
  achievements: AchievementsTable;
  sessions: SessionsTable;
  sign_in_tokens: SignInTokensTable;
  push_subscriptions: PushSubscriptionsTable;
  outbox: OutboxTable;
  alert_preferences: AlertPreferencesTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_windows: AlertWindowsTable;
  admin_attempts: AdminAttemptsTable;
  limit_counters: LimitCountersTable;
  event_rsvps: EventRsvpsTable;
  event_mail_settings: EventMailSettingsTable;
  audit_log: AuditLogTable;
  report_followers: ReportFollowersTable;
  staged_photos: StagedPhotosTable;
  report_me_toos: ReportMeToosTable;
  open311_api_keys: Open311ApiKeysTable;
  open311_partner_requests: Open311PartnerRequestsTable;
  report_referrals: ReportReferralsTable;
  referral_update_reads: ReferralUpdateReadsTable;
  event_check_in_keys: EventCheckInKeysTable;
  event_logs: EventLogsTable;
  record_certificates: RecordCertificatesTable;
  volunteer_safety: VolunteerSafetyTable;
  report_owner_consents: ReportOwnerConsentsTable;
  sites: SitesTable;
}

export function toIso(value: Date | string): string {
  return new Date(value).toISOString();
}

export function toIsoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

/** The point a row's latitude and longitude columns hold (always set together), or null when unplaced. */
export function pointOf(latitude: number | null, longitude: number | null): Point | null {
  return latitude !== null && longitude !== null ? { latitude, longitude } : null;
}
