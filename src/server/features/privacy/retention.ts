// The daily retention job: nothing is kept longer than it is needed. Sign-in links and codes go 24
// hours after they were sent, sessions 24 hours after they ended, wrong-passcode records and other
// per-client limit counts once they no longer count, audit entries after a year, addresses waiting to hear about a report after 90 days; a
// volunteer unseen for the configured time (three years) is warned by e-mail and erased the configured
// number of days (30) later unless they come back.
// Every step is idempotent, so several server processes running it is harmless.
import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_LOG_DAYS } from '#shared/domain/audit-actions.ts';
import type { Clock } from '#server/clock.ts';
import type { PrivacySettings } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { PeriodicJob } from '#server/jobs/index.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { AuditLogService } from '#server/features/audit-log/index.ts';
import { sessionLifetimes } from '#server/features/sessions/index.ts';
import { ADMIN_WINDOW_MS } from '#server/features/admin-access/index.ts';
import { inactivityMail } from './inactivity-mail.ts';
import { privacyRepository } from './privacy.repository.ts';
import { FOLLOWER_RETENTION_DAYS } from '#shared/domain/report-follow-up.ts';
import { deleteFollowersBefore } from '#server/features/reports/index.ts';
import { SIGN_IN_RECORDS_HOURS } from './privacy.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily retention job (one of app.jobs; tests call runOnce with a moved clock). */
    retention: RetentionJob;
  }
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface RetentionOutcome {
  signInTokens: number;
  sessions: number;
  adminAttempts: number;
  /** Per-client limit counts whose window has ended (PostgreSQL keeps them as rows). */
  limitCounters: number;
  auditEntries: number;
  /** Addresses waiting to hear that a report was cleaned, kept 90 days at most. */
  reportFollowers: number;
  warned: number;
  erased: number;
}

/** Runs a minute after start, then once a day. */
export interface RetentionJob extends PeriodicJob {
  runOnce(): Promise<RetentionOutcome>;
}

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  settings: PrivacySettings;
  audit: Pick<AuditLogService, 'record'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** What other features undo before a volunteer goes (places at events pass to the waiting list). */
  beforeErase?: (volunteerId: number) => Promise<void>;
}

function inWords(days: number): string {
  if (days % 365 === 0) return days === 365 ? 'a year' : `${days / 365} years`;
  return `${days} days`;
}

export function retentionJob(deps: RetentionDeps): RetentionJob {
  const { db, clock, mailer, publicUrl, settings, audit, log } = deps;
  const repository = privacyRepository(db);

  async function warnInactive(now: Date): Promise<number> {
    const before = new Date(now.getTime() - settings.inactiveAccountDays * DAY).toISOString();
    let warned = 0;
    for (const volunteer of await repository.inactiveUnwarned(before)) {
      if (!(await repository.claimWarning(volunteer.id, now.toISOString()))) continue;
      try {
        await mailer.send(
          inactivityMail({
            to: volunteer.email,
            name: volunteer.name,
            operatorName: settings.operatorName,
            erasedOn: new Date(now.getTime() + settings.erasureNoticeDays * DAY),
            inactiveYears: inWords(settings.inactiveAccountDays),
            publicUrl,
          }),
        );
        warned++;
      } catch (error) {
        // Nobody is erased without having been told: the warning is withdrawn and tried tomorrow.
        await repository.withdrawWarning(volunteer.id);
        log.warn({ err: error, volunteerId: volunteer.id }, 'inactivity warning could not be sent; will retry');
      }
    }
    return warned;
  }

  async function eraseWarned(now: Date): Promise<number> {
    const warnedBefore = new Date(now.getTime() - settings.erasureNoticeDays * DAY).toISOString();
    let erased = 0;
    for (const { id } of await repository.warnedAndStillInactive(warnedBefore)) {
      await deps.beforeErase?.(id);
      if (!(await repository.erase(id, now.toISOString()))) continue;
      erased++;
      await audit.record({
        at: now.toISOString(),
        action: 'volunteer.erase-inactive',
        actorSession: null,
        actorVolunteerId: null,
        targetType: 'volunteer',
        targetId: null,
        subjectVolunteerId: null,
        detail: null,
      });
    }
    return erased;
  }

  async function run(): Promise<RetentionOutcome> {
    const now = clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const signInTokens = await repository.deleteSignInTokensBefore(ago(SIGN_IN_RECORDS_HOURS * HOUR));
    const sessions = await repository.deleteEndedSessions(new Date(now.getTime() - SIGN_IN_RECORDS_HOURS * HOUR), {
      volunteer: sessionLifetimes.volunteer.idleMs,
      admin: sessionLifetimes.admin.idleMs,
    });
    const adminAttempts = await repository.deleteAdminAttemptsBefore(ago(ADMIN_WINDOW_MS));
    const limitCounters = await repository.deleteEndedLimitCounters(now.toISOString());
    const auditEntries = await repository.deleteAuditEntriesBefore(ago(AUDIT_LOG_DAYS * DAY));
    const reportFollowers = await deleteFollowersBefore(db, ago(FOLLOWER_RETENTION_DAYS * DAY));
    await repository.clearWarningsOfReturned();
    // Erase first: someone warned today is never erased today, whatever the settings.
    const erased = await eraseWarned(now);
    const warned = await warnInactive(now);
    const outcome = {
      signInTokens,
      sessions,
      adminAttempts,
      limitCounters,
      auditEntries,
      reportFollowers,
      warned,
      erased,
    };
    log.info({ retention: outcome }, 'retention job done');
    return outcome;
  }

  return { name: 'retention', everyMs: DAY, firstMs: 60_000, run, runOnce: run };
}
