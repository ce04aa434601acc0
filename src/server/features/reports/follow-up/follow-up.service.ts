// The rules of following a report. The status page is found only by its private token and shows
// nothing personal. An address given for 'Tell me when it is cleaned' gets a confirm link first and
// nothing else until it is opened; once the report is completed a confirmed address gets one e-mail,
// through the outbox, and is then deleted (the retention job deletes any left after 90 days).
// 'Already reported here' finds an open report with the same words or within 25 m; adding a photo to
// it counts one more reporter. Administrators set or clear the priority mark.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AlreadyReported, ConfirmationResult, ReportStatusPage } from '#shared/contracts/report-follow-up.ts';
import { followUpMessages } from '#shared/domain/follow-up-messages.ts';
import { isOfSite, metresBetween, SITE_RADIUS_METRES } from '#shared/domain/site.ts';
import { boundingBox } from '#shared/domain/geo.ts';
import { normaliseThreeWords } from '#shared/domain/three-words.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import { AppError, ConflictError, NotFoundError } from '#server/errors.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { enqueueJob, type ClaimedJob, payloadOf, type JobHandler, type JobOutcome } from '#server/jobs/index.ts';
import { locationLinkOf } from '../location-link.ts';
import { newStatusToken, reportsRepository, type ReportRow } from '../reports.repository.ts';
import type { LocationService } from '#server/features/location/index.ts';
import { photoUrls, processPhoto, withStoredPhoto, type PhotoStorage } from '#server/features/photos/index.ts';
import { confirmFollowMail, reportCleanedMail, type FollowedReport } from './follow-up-mail.ts';
import { followUpRepository, type FollowerRow } from './follow-up.repository.ts';
import { FOLLOW_MAIL_WINDOW_MINUTES } from '#shared/domain/report-follow-up.ts';

/** The payload of both follow-up jobs (the confirm link, the cleaned e-mail): whose address. */
const followerJobPayloadSchema = z.object({ followerId: z.number() });

export const FOLLOW_UP_JOB = { confirm: 'report-follow-confirm', cleaned: 'report-cleaned' } as const;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Anyone may type any address, so the confirm e-mails are bounded. An address gets at most 3 in
 * 15 minutes, as sign-in e-mails. A report takes at most 10 addresses waiting to be confirmed in a day
 * (one wall is rarely followed by more than a few people). Across the service, at most 100 new
 * addresses an hour wait to be confirmed: more than the city has ever needed, few enough that the
 * mail server's good name survives someone typing a list of strangers.
 */
export interface FollowUpLimits {
  /** Confirm e-mails to one address in 15 minutes. */
  perAddress: number;
  /** Addresses waiting to be confirmed, added to one report in 24 hours. */
  perReport: number;
  /** Addresses waiting to be confirmed, added across the service in an hour. */
  newAddressesPerHour: number;
}
export const defaultFollowUpLimits: FollowUpLimits = { perAddress: 3, perReport: 10, newAddressesPerHour: 100 };

/** '12 minutes', or '3 hours' for a longer wait. */
function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

export interface FollowUpServiceDeps {
  db: Db;
  storage: PhotoStorage;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  /** Places typed words for 'Already reported here'. */
  location: Pick<LocationService, 'wordsToCoordinates'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  limits?: Partial<FollowUpLimits>;
}

export function followUpService({
  db,
  storage,
  clock,
  mailer,
  publicUrl,
  location,
  log,
  limits: given,
}: FollowUpServiceDeps) {
  const repository = followUpRepository(db);
  const limits = { ...defaultFollowUpLimits, ...given };
  /** Where typed words are, or null when they name no place (or the provider cannot say just now). */
  const placeOf = (words: string) =>
    location.wordsToCoordinates(words).then(
      ({ lat, lng }) => ({ latitude: lat, longitude: lng }),
      () => null,
    );
  const reports = reportsRepository(db);
  const notFound = () => new NotFoundError(followUpMessages.notFound, { title: followUpMessages.notFoundTitle });

  async function statusPageOf(row: ReportRow): Promise<ReportStatusPage> {
    const cleanup = row.status === 'completed' ? await repository.latestCleanup(row) : undefined;
    const after = cleanup ? photoUrls(cleanup.after_photo_key) : null;
    return {
      id: row.id,
      what3words: row.what3words,
      locationLink: locationLinkOf(row),
      status: row.status,
      reportedAt: toIso(row.reported_at),
      completedAt: toIsoOrNull(row.completed_at),
      ...photoUrls(row.photo_key),
      afterPhotoUrl: after?.photoUrl ?? null,
      afterThumbnailUrl: after?.thumbnailUrl ?? null,
      reporterCount: row.reporter_count,
      photoRedacted: row.photo_redacted_at !== null,
    };
  }

  /** The report as a follower's e-mail tells of it, with the status link that follower came with. */
  async function followedReport(row: ReportRow, follower: FollowerRow): Promise<FollowedReport> {
    const page = await statusPageOf(row);
    return {
      id: row.id,
      what3words: row.what3words,
      statusToken: follower.status_token,
      reportedAt: page.reportedAt,
      completedAt: page.completedAt,
      afterPhotoUrl: page.afterPhotoUrl ? `${publicUrl}${page.afterPhotoUrl}` : null,
    };
  }

  const contextOf = (follower: FollowerRow) => ({
    publicUrl,
    to: follower.email,
    confirmToken: follower.confirm_token,
    unsubscribeToken: follower.unsubscribe_token,
  });

  /**
   * Refuses (429, saying when to try again) an address whose confirm e-mail would pass a limit, before
   * anything is stored; an address already following the report is sent nothing, so it passes.
   * `reportId` is null for a report not made yet. Asked at once, two requests may each pass the
   * last place: a limit can be passed by a request or two, never by a flood.
   */
  async function mayFollow(reportId: number | null, email: string): Promise<void> {
    if (reportId !== null && (await repository.isFollowing(reportId, email))) return;
    const now = clock.now().getTime();
    /** Refused until the oldest address counted leaves the window. */
    const check = async (
      count: { count: number; oldest: string | null },
      max: number,
      windowMs: number,
      message: (wait: string) => string,
    ) => {
      if (count.count < max) return;
      const waitMs = (count.oldest ? new Date(count.oldest).getTime() : now) + windowMs - now;
      const text = message(waitInWords(waitMs));
      log.info({ reportId }, `'tell me when it is cleaned' refused: ${text}`);
      throw new AppError(429, text, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) } });
    };
    const since = (ms: number) => new Date(now - ms).toISOString();
    const window = FOLLOW_MAIL_WINDOW_MINUTES * MINUTE;
    await check(await repository.addedSince(since(window), { email }), limits.perAddress, window, (wait) =>
      followUpMessages.followTooManyForAddress(limits.perAddress, wait),
    );
    if (reportId !== null) {
      const forReport = await repository.addedSince(since(24 * HOUR), { reportId, waiting: true });
      await check(forReport, limits.perReport, 24 * HOUR, (wait) =>
        followUpMessages.followTooManyForReport(limits.perReport, wait),
      );
    }
    await check(
      await repository.addedSince(since(HOUR), { waiting: true }),
      limits.newAddressesPerHour,
      HOUR,
      followUpMessages.followTooManyEverywhere,
    );
  }

  /** Queues one e-mail to a follower, once: the same job for the same follower is never queued twice. */
  const queueFollowerJob = (trx: Db, kind: string, followerId: number, now: string) =>
    enqueueJob(trx, { kind, payload: { followerId }, now, dedupeKey: `${kind}:${followerId}` });

  /**
   * Keeps the address and queues its confirm link (once per report and address). `statusToken` is the
   * status link the address was given with (the one its e-mails may carry).
   */
  async function follow(reportId: number, email: string, statusToken: string | null): Promise<void> {
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      const { row, added } = await followUpRepository(trx).addFollower(reportId, email, statusToken, now);
      if (!added) return;
      await queueFollowerJob(trx, FOLLOW_UP_JOB.confirm, row.id, now);
    });
  }

  const followerIdOf = (job: ClaimedJob): number => payloadOf(job, followerJobPayloadSchema).followerId;

  async function sendConfirm(job: ClaimedJob): Promise<JobOutcome> {
    const follower = await repository.findFollower(followerIdOf(job));
    if (!follower || follower.confirmed_at !== null) return; // gone, or already confirmed
    const report = await repository.findReport(follower.report_id);
    if (!report) return;
    await mailer.send(confirmFollowMail(await followedReport(report, follower), contextOf(follower)));
  }

  /** The one e-mail on completion; then the address is deleted. */
  async function sendCleaned(job: ClaimedJob): Promise<JobOutcome> {
    const follower = await repository.findFollower(followerIdOf(job));
    if (!follower) return; // unsubscribed since
    const report = await repository.findReport(follower.report_id);
    if (report) await mailer.send(reportCleanedMail(await followedReport(report, follower), contextOf(follower)));
    await repository.deleteFollower(follower.id);
  }

  /** On each poll of the outbox worker: queue the e-mail of every confirmed address whose report is now cleaned. */
  async function queueCleanedMails(): Promise<void> {
    const now = clock.now().toISOString();
    for (const { id } of await repository.dueToBeTold(100)) {
      await db.transaction().execute(async (trx) => {
        if (!(await followUpRepository(trx).claimNotification(id, now))) return;
        await queueFollowerJob(trx, FOLLOW_UP_JOB.cleaned, id, now);
      });
    }
  }

  const handlers: Record<string, JobHandler> = {
    [FOLLOW_UP_JOB.confirm]: sendConfirm,
    [FOLLOW_UP_JOB.cleaned]: sendCleaned,
  };

  return {
    jobs: { handlers, onPoll: queueCleanedMails },
    mayFollow,
    follow,

    /** Whether a report has this status link (its page's path answers 404 when none has). */
    async hasStatusPage(token: string): Promise<boolean> {
      return TOKEN.test(token) && (await repository.findReportByToken(token)) !== undefined;
    },

    async statusPage(token: string): Promise<ReportStatusPage> {
      const row = TOKEN.test(token) ? await repository.findReportByToken(token) : undefined;
      if (!row) throw notFound();
      return statusPageOf(row);
    },

    async followByToken(token: string, email: string): Promise<{ message: string }> {
      const row = TOKEN.test(token) ? await repository.findReportByToken(token) : undefined;
      if (!row) throw notFound();
      await mayFollow(row.id, email);
      await follow(row.id, email, token);
      return { message: followUpMessages.followSent };
    },

    /** The follower behind a confirm link, or null for an unknown one. */
    async findByConfirmToken(token: string): Promise<FollowerRow | null> {
      if (!TOKEN.test(token)) return null;
      return (await repository.findFollowerBy('confirm_token', token)) ?? null;
    },

    async confirm(token: string): Promise<boolean> {
      const follower = await this.findByConfirmToken(token);
      if (!follower) return false;
      await repository.confirm(follower.id, clock.now().toISOString());
      return true;
    },

    async isSubscribed(token: string): Promise<boolean | null> {
      if (!TOKEN.test(token)) return null;
      return (await repository.findFollowerBy('unsubscribe_token', token)) ? true : null;
    },

    /** One click: the address is deleted. An already deleted one answers true too (the link worked once). */
    async unsubscribe(token: string): Promise<boolean> {
      if (!TOKEN.test(token)) return false;
      const follower = await repository.findFollowerBy('unsubscribe_token', token);
      if (follower) await repository.deleteFollower(follower.id);
      return true;
    },

    /**
     * An open report with the same words, or the nearest within 25 m of the position: the device's, or
     * else the typed words' own (a wall spans several three-metre squares, each with its own words).
     */
    async alreadyReported(query: { words?: string; lat?: number; lng?: number }): Promise<AlreadyReported> {
      const words = query.words?.trim() ? normaliseThreeWords(query.words) : null;
      const at =
        query.lat !== undefined && query.lng !== undefined
          ? { latitude: query.lat, longitude: query.lng }
          : words
            ? await placeOf(words)
            : null;
      if (!words && !at) return { report: null };
      const candidates = await reports.openReportsAt(words, at ? boundingBox(at, SITE_RADIUS_METRES) : null);
      const distanceOf = (row: ReportRow) => metresBetween(row, at);
      const matches = candidates.filter((row) => isOfSite(row, words, at));
      // Same words first, then the nearest, then the oldest.
      matches.sort(
        (a, b) =>
          Number(b.what3words === words) - Number(a.what3words === words) ||
          distanceOf(a) - distanceOf(b) ||
          a.id - b.id,
      );
      const found = matches[0];
      if (!found) return { report: null };
      return {
        report: {
          id: found.id,
          what3words: found.what3words,
          reportedAt: toIso(found.reported_at),
          thumbnailUrl: photoUrls(found.photo_key).thumbnailUrl,
          reporterCount: found.reporter_count,
        },
      };
    },

    /**
     * 'Add my photo to it': one more reporter of an open report, with a status link of their own (the
     * first reporter's link is theirs alone).
     */
    async addConfirmation(reportId: number, photo: Buffer, notifyEmail?: string): Promise<ConfirmationResult> {
      const report = await repository.findReport(reportId);
      if (!report) throw new NotFoundError('Report not found');
      if (report.status === 'completed') throw new ConflictError(followUpMessages.reportNotOpen);
      if (notifyEmail) await mayFollow(reportId, notifyEmail);
      const statusToken = newStatusToken();
      const updated = await withStoredPhoto(storage, await processPhoto(photo), async (key) => {
        const row = await repository.addConfirmation(reportId, key, statusToken, clock.now().toISOString());
        if (!row) throw new ConflictError(followUpMessages.reportNotOpen);
        return row;
      });
      if (notifyEmail) await follow(reportId, notifyEmail, statusToken);
      log.info({ reportId, reporterCount: updated.reporter_count }, 'a reporter added their photo to an open report');
      return { id: updated.id, statusToken, reporterCount: updated.reporter_count };
    },
  };
}

export type FollowUpService = ReturnType<typeof followUpService>;
