// The rules of volunteer alerts as the API sees them: a volunteer's choices, their devices, the
// signed-out unsubscribe, the administrators' summary, and queuing the alert of a new report.
import { randomBytes } from 'node:crypto';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { pointOf, toIso } from '#server/db/tables.ts';
import { ValidationError } from '#server/errors.ts';
import type {
  AlertPreferences,
  AlertPreferencesInput,
  AlertsSummary,
  PushSubscriptionInput,
} from '#shared/contracts/alerts.ts';
import type { AlertPreferencesRow, AlertsRepository } from './alerts.repository.ts';
import { JOB, type ReportAlertPayload } from './alert-jobs.ts';
import { enqueueJob, type OutboxRepository } from '#server/jobs/outbox.repository.ts';
import { MAX_DEVICES } from './alert-limits.ts';

export interface AlertsServiceDeps {
  repository: AlertsRepository;
  outbox: OutboxRepository;
  clock: Clock;
  vapidPublicKey: string;
  digestHour: number;
  /** What keeps messages from going to an endpoint (push-endpoints.ts), or null. */
  endpointProblem(endpoint: string): string | null;
}

function toPreferences(row: AlertPreferencesRow, pushDevices: number, digestHour: number): AlertPreferences {
  return {
    push: row.push === 1,
    email: row.email,
    radiusKm: row.radius_km,
    centre: pointOf(row.centre_latitude, row.centre_longitude),
    chosen: true,
    pushDevices,
    digestHour,
  };
}

/** The report's alert job, written with the report in its transaction (the outbox). */
export function enqueueReportAlert(
  trx: Db,
  report: { id: number; photo_key: string; reported_at: Date | string },
): Promise<void> {
  const payload = { reportId: report.id, photoKey: report.photo_key } satisfies ReportAlertPayload;
  return enqueueJob(trx, { kind: JOB.reportAlert, payload, now: toIso(report.reported_at) });
}

export function alertsService({
  repository,
  outbox,
  clock,
  vapidPublicKey,
  digestHour,
  endpointProblem,
}: AlertsServiceDeps) {
  async function preferencesOf(volunteerId: number): Promise<AlertPreferences> {
    const row = await repository.findPreferences(volunteerId);
    const devices = await repository.countDevices(volunteerId);
    if (row) return toPreferences(row, devices, digestHour);
    return { push: false, email: 'off', radiusKm: null, centre: null, chosen: false, pushDevices: devices, digestHour };
  }

  return {
    vapidPublicKey: () => vapidPublicKey,

    preferencesOf,

    async savePreferences(volunteerId: number, input: AlertPreferencesInput): Promise<AlertPreferences> {
      const now = clock.now().toISOString();
      const previous = await repository.findPreferences(volunteerId);
      const dailySince =
        input.email !== 'daily'
          ? null
          : previous?.email === 'daily' && previous.daily_since
            ? toIso(previous.daily_since)
            : now;
      const radius = input.radiusKm !== null && input.centre !== null;
      await repository.savePreferences({
        volunteer_id: volunteerId,
        push: input.push ? 1 : 0,
        email: input.email,
        radius_km: radius ? input.radiusKm : null,
        centre_latitude: input.centre?.latitude ?? null,
        centre_longitude: input.centre?.longitude ?? null,
        daily_since: dailySince,
        unsubscribe_token: previous?.unsubscribe_token ?? randomBytes(32).toString('base64url'),
        updated_at: now,
      });
      return preferencesOf(volunteerId);
    },

    /**
     * Stores this device; switching push on for a device switches it on for the volunteer. An endpoint
     * messages may not go to is refused here, before it is kept.
     */
    async addSubscription(volunteerId: number, subscription: PushSubscriptionInput): Promise<AlertPreferences> {
      const problem = endpointProblem(subscription.endpoint);
      if (problem) throw new ValidationError(problem);
      const now = clock.now().toISOString();
      await repository.saveSubscription({
        volunteerId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        now,
      });
      await repository.trimSubscriptions(volunteerId, MAX_DEVICES);
      const previous = await repository.findPreferences(volunteerId);
      if (!previous) {
        await this.savePreferences(volunteerId, { push: true, email: 'off', radiusKm: null, centre: null });
      } else if (previous.push !== 1) {
        await repository.setPush(volunteerId, true, now);
      }
      return preferencesOf(volunteerId);
    },

    /** Forgets this device; with no device left, push is off. */
    async removeSubscription(volunteerId: number, endpoint: string): Promise<AlertPreferences> {
      await repository.deleteSubscription(volunteerId, endpoint);
      if ((await repository.countDevices(volunteerId)) === 0)
        await repository.setPush(volunteerId, false, clock.now().toISOString());
      return preferencesOf(volunteerId);
    },

    /** The volunteer the token belongs to, or null (an unknown or malformed token). */
    async findUnsubscribe(token: string): Promise<{ volunteerId: number; emailOn: boolean } | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const row = await repository.findByUnsubscribeToken(token);
      return row ? { volunteerId: row.volunteer_id, emailOn: row.email !== 'off' } : null;
    },

    /** One click, signed out: no more alert e-mails (push on their devices is left as it is). */
    async unsubscribe(token: string): Promise<boolean> {
      const found = await this.findUnsubscribe(token);
      if (!found) return false;
      await repository.turnEmailOff(found.volunteerId, clock.now().toISOString());
      return true;
    },

    async summary(): Promise<AlertsSummary> {
      const counts = await repository.summary();
      const backlog = await outbox.backlog(new Date(clock.now().getTime() - 7 * 24 * 3600_000).toISOString());
      return { ...counts, outbox: backlog };
    },
  };
}

export type AlertsService = ReturnType<typeof alertsService>;
