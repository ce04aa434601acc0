// Every row that belongs to one volunteer, read for their download and erased on request or after long
// inactivity; and the retention deletes of the daily job. Each table is written by its owner's
// repository: erasure hands them its transaction, so either the volunteer is gone with everything that
// names them, or nothing changed.
import { sql } from 'kysely';
import type { Db } from '#server/db/client.ts';
import { limitCountersRepository } from '#server/plugins/limit-counters.repository.ts';
import { adminAttemptsRepository } from '#server/features/admin-access/index.ts';
import { dropJobsNaming } from '#server/jobs/index.ts';
import { auditLogRepository } from '#server/features/audit-log/index.ts';
import { cleanupsRepository } from '#server/features/cleanups/index.ts';
import { eventsRepository } from '#server/features/events/index.ts';
import { reportsRepository } from '#server/features/reports/index.ts';
import { sessionsRepository } from '#server/features/sessions/index.ts';
import { signInTokensRepository } from '#server/features/volunteer-auth/index.ts';
import { volunteersRepository } from '#server/features/volunteers/index.ts';

/** Runs every query at once, each answer kept under its query's name. */
async function allOf<T extends Record<string, Promise<unknown>>>(
  queries: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const answers = await Promise.all(Object.entries(queries).map(async ([name, query]) => [name, await query]));
  return Object.fromEntries(answers) as { [K in keyof T]: Awaited<T[K]> };
}

export function privacyRepository(db: Db) {
  return {
    /** Everything stored about the volunteer, table by table, for their download. */
    async everythingAbout(volunteerId: number) {
      return allOf({
        cleanups: db
          .selectFrom('cleanups')
          .innerJoin('reports', 'reports.id', 'cleanups.report_id')
          .select([
            'cleanups.id',
            'cleanups.report_id',
            'reports.what3words',
            'cleanups.completed_at',
            'cleanups.minutes_worked',
            'cleanups.notes',
            'cleanups.before_photo_key',
            'cleanups.after_photo_key',
          ])
          .where('cleanups.volunteer_id', '=', volunteerId)
          .orderBy('cleanups.id')
          .execute(),
        progressPhotos: db
          .selectFrom('report_photos')
          .select(['id', 'report_id', 'description', 'created_at', 'photo_key'])
          .where('volunteer_id', '=', volunteerId)
          .orderBy('id')
          .execute(),
        cleaningNow: db
          .selectFrom('reports')
          .select(['id', 'what3words', 'cleaning_started_at'])
          .where('cleaning_volunteer_id', '=', volunteerId)
          .orderBy('id')
          .execute(),
        attendances: db
          .selectFrom('mucu_attendances')
          .innerJoin('mucu_events', 'mucu_events.id', 'mucu_attendances.mucu_id')
          .select([
            'mucu_attendances.id',
            'mucu_events.name',
            'mucu_events.date',
            'mucu_events.location',
            'mucu_attendances.notes',
            'mucu_attendances.created_at',
          ])
          .where('mucu_attendances.volunteer_id', '=', volunteerId)
          .orderBy('mucu_attendances.id')
          .execute(),
        achievements: db
          .selectFrom('achievements')
          .select(['badge_type', 'earned_at'])
          .where('volunteer_id', '=', volunteerId)
          .orderBy('id')
          .execute(),
        alertChoices: db
          .selectFrom('alert_preferences')
          .selectAll()
          .where('volunteer_id', '=', volunteerId)
          .executeTakeFirst(),
        alertsSent: db
          .selectFrom('alert_deliveries')
          .select(['report_id', 'channel', 'created_at', 'batched_at'])
          .where('volunteer_id', '=', volunteerId)
          .orderBy('id')
          .execute(),
        alertWindows: db
          .selectFrom('alert_windows')
          .select(['channel', 'last_sent_at'])
          .where('volunteer_id', '=', volunteerId)
          .orderBy('channel')
          .execute(),
        devices: db
          .selectFrom('push_subscriptions')
          .select(['endpoint', 'created_at'])
          .where('volunteer_id', '=', volunteerId)
          .orderBy('id')
          .execute(),
        sessions: db
          .selectFrom('sessions')
          .select(['kind', 'created_at', 'last_seen_at', 'expires_at'])
          .where('volunteer_id', '=', volunteerId)
          .orderBy('created_at')
          .execute(),
        signInEmails: db
          .selectFrom('sign_in_tokens')
          .select(['created_at', 'used_at'])
          .where('volunteer_id', '=', volunteerId)
          .orderBy('id')
          .execute(),
        eventAnswers: db
          .selectFrom('event_rsvps')
          .innerJoin('mucu_events', 'mucu_events.id', 'event_rsvps.mucu_id')
          .select([
            'mucu_events.name',
            'mucu_events.date',
            'event_rsvps.status',
            'event_rsvps.created_at',
            'event_rsvps.reminded_at',
          ])
          .where('event_rsvps.volunteer_id', '=', volunteerId)
          .orderBy('event_rsvps.id')
          .execute(),
        eventLogs: db
          .selectFrom('event_logs')
          .innerJoin('mucu_events', 'mucu_events.id', 'event_logs.mucu_id')
          .selectAll('event_logs')
          .select(['mucu_events.name', 'mucu_events.date'])
          .where('event_logs.volunteer_id', '=', volunteerId)
          .orderBy('event_logs.id')
          .execute(),
        safetyBriefing: db
          .selectFrom('volunteer_safety')
          .select(['briefing_year', 'accepted_at', 'age_band'])
          .where('volunteer_id', '=', volunteerId)
          .execute(),
        certificates: db
          .selectFrom('record_certificates')
          .selectAll()
          .where('volunteer_id', '=', volunteerId)
          .orderBy('id')
          .execute(),
        eventEmails: db
          .selectFrom('event_mail_settings')
          .select(['emails_on', 'updated_at'])
          .where('volunteer_id', '=', volunteerId)
          .executeTakeFirst(),
        auditEntries: db
          .selectFrom('audit_log')
          .select(['at', 'action', 'actor_volunteer_id', 'subject_volunteer_id'])
          .where((eb) =>
            eb.or([eb('actor_volunteer_id', '=', volunteerId), eb('subject_volunteer_id', '=', volunteerId)]),
          )
          .orderBy('id')
          .execute(),
      });
    },

    /**
     * Erases the volunteer: their clean-ups, progress photos and attendance stay (they are the city's
     * totals) with no person attached and without the notes and photo descriptions they wrote; a site they were cleaning goes
     * back to the list; queued or kept messages to them are dropped; then the volunteer row goes, and
     * with it (ON DELETE CASCADE) sessions, sign-in tokens, alert choices and records, devices and
     * achievements. Answers false when there was no such volunteer.
     */
    async erase(volunteerId: number, now: string): Promise<boolean> {
      const reports = reportsRepository(db);
      return reports.transaction(async (trx) => {
        const volunteers = volunteersRepository(trx);
        const volunteer = await volunteers.findById(volunteerId);
        if (!volunteer) return false;
        await cleanupsRepository(trx).unlinkVolunteer(volunteerId);
        await eventsRepository(trx).unlinkVolunteer(volunteerId);
        await reports.unlinkPhotosOf(volunteerId, trx);
        await reports.releaseClaimsOf(volunteerId, now, trx);
        await dropJobsNaming(trx, volunteerId, volunteer.email);
        await volunteers.delete(volunteerId);
        return true;
      });
    },

    deleteSignInTokensBefore: (before: string) => signInTokensRepository(db).deleteSentBefore(before),
    deleteEndedSessions: (endedBefore: Date, idleMs: { volunteer: number; admin: number }) =>
      sessionsRepository(db).deleteEnded(endedBefore, idleMs),
    deleteAdminAttemptsBefore: (before: string) => adminAttemptsRepository(db).deleteBefore(before),
    /** Per-client limit counts (PostgreSQL) whose window had ended by `now`: they hold client addresses. */
    deleteEndedLimitCounters: (now: string) => limitCountersRepository(db).deleteEnded(new Date(now)),
    deleteAuditEntriesBefore: (before: string) => auditLogRepository(db).deleteBefore(before),
    clearWarningsOfReturned: () => volunteersRepository(db).clearWarningsOfReturned(),
    claimWarning: (id: number, now: string) => volunteersRepository(db).claimWarning(id, now),
    withdrawWarning: (id: number) => volunteersRepository(db).withdrawWarning(id),

    /** Unwarned volunteers whose last sign-in (or joining, if they never signed in) was before `before`. */
    inactiveUnwarned(before: string) {
      return db
        .selectFrom('volunteers')
        .select(['id', 'email', 'name'])
        .where('inactivity_warned_at', 'is', null)
        .where(sql<string>`coalesce(last_active_at, joined_at)`, '<', before)
        .orderBy('id')
        .execute();
    },

    /** Warned before `warnedBefore` and not seen since the warning. */
    warnedAndStillInactive(warnedBefore: string) {
      return db
        .selectFrom('volunteers')
        .select('id')
        .where('inactivity_warned_at', '<', warnedBefore)
        .where((eb) =>
          eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<=', sql<string>`inactivity_warned_at`)]),
        )
        .orderBy('id')
        .execute();
    },
  };
}
