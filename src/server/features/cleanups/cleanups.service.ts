// The rules of cleaning a site: a volunteer claims an open site
// (reported -> cleaning) and may give their own claim back; only the claimant or an administrator
// completes it; administrators may set any status. A claim older than 8 hours lapses by itself. A
// clean-up stores both photos, completes the report, records the minutes and awards achievements in
// one transaction, and a failure at any step leaves no row and no file behind.
import type { PeriodicJob } from '#server/jobs/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import type {
  CleanupRecord,
  CompleteCleanupResponse,
  CurrentCleanupResponse,
  FindNearbyResponse,
  NearbySitesResponse,
} from '#shared/contracts/cleanups.ts';
import type { Report, ReportPhoto } from '#shared/contracts/reports.ts';
import type { ReportPhotoType } from '#shared/domain/report-photos.ts';
import type { ReportStatus } from '#shared/domain/report-status.ts';
import { CLAIM_LIFETIME_MINUTES } from '#shared/domain/claims.ts';
import { findMessages } from '#shared/domain/volunteer-messages.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { pointOf, toIso } from '#server/db/tables.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '#server/errors.ts';
import { awardAchievements } from '#server/features/achievements/index.ts';
import {
  photoUrls,
  processPhoto,
  withStoredPhotos,
  type PhotoStorage,
  type ProcessedPhoto,
} from '#server/features/photos/index.ts';
import {
  reportsRepository,
  type ReportRow,
  toReportPhotoResponse,
  toReportResponse,
  locationLinkOf,
} from '#server/features/reports/index.ts';
import { findOrRegisterVolunteer, volunteersRepository } from '#server/features/volunteers/index.ts';
import { cleanupsRepository, type CleanupRow } from './cleanups.repository.ts';
import { findNearby, nearbySites, openSitesRepository } from './nearest-site/index.ts';
import { boundingBox, type Point } from '#shared/domain/geo.ts';
import { isOfSite, SITE_RADIUS_METRES } from '#shared/domain/site.ts';

const MINUTE = 60_000;
const CLAIM_LIFETIME_MS = CLAIM_LIFETIME_MINUTES * MINUTE;

/** Who is asking: the signed-in volunteer (if any) and whether they hold administrator access. */
export interface Actor {
  volunteer: { id: number; email: string } | null;
  admin: boolean;
}

export interface CompleteCleanupInput {
  reportId: number;
  volunteerEmail: string | null;
  notes: string | null;
  beforePhoto: Buffer;
  afterPhoto: Buffer;
}

export interface ReportPhotosInput {
  files: Buffer[];
  photoType: ReportPhotoType;
  description: string | null;
}

export function toCleanupRecord(
  row: CleanupRow,
  report: Pick<ReportRow, 'id' | 'what3words' | 'words_scheme' | 'latitude' | 'longitude'>,
): CleanupRecord {
  return {
    id: row.id,
    reportId: row.report_id,
    completedAt: toIso(row.completed_at),
    hoursWorked: row.minutes_worked,
    beforePhotoUrl: photoUrls(row.before_photo_key).photoUrl,
    afterPhotoUrl: photoUrls(row.after_photo_key).photoUrl,
    beforeThumbnailUrl: photoUrls(row.before_photo_key).thumbnailUrl,
    afterThumbnailUrl: photoUrls(row.after_photo_key).thumbnailUrl,
    notes: row.notes,
    measuredMinutes: row.measured_minutes,
    timeNote: row.time_note,
    report: { id: report.id, what3words: report.what3words, locationLink: locationLinkOf(report) },
  };
}

/** Minutes from the claim to now, whole, at most the claim's lifetime; 0 without a claim. */
function minutesWorked(claimedAt: Date | string | null, now: Date): number {
  if (claimedAt === null) return 0;
  const minutes = Math.floor((now.getTime() - new Date(claimedAt).getTime()) / MINUTE);
  return Math.min(CLAIM_LIFETIME_MINUTES, Math.max(0, minutes));
}

/** A volunteer's claim of a report referred to the body responsible for it. */
export const referredToOwner = 'This graffiti has been referred to the owner of the wall, who will clean it.';

/** A volunteer's claim of a report on private property whose owner has not yet consented. */
export const ownerConsentNeeded =
  "This site is on private property. It will be offered to volunteers once the owner's consent is recorded.";

export interface CleanupsServiceDeps {
  db: Db;
  storage: PhotoStorage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Reports not offered to volunteers (referred to their owner): left out of find-nearby and not claimed. */
  withheldReportIds?: () => Promise<number[]>;
  /** Reports waiting for their owner's consent (private property): left out of find-nearby and not claimed. */
  awaitingConsentIds?: () => Promise<number[]>;
  /** Throws when this volunteer may not claim a site by themselves (no briefing this year, under 16). */
  assertMayClaim?: (volunteerId: number | null) => Promise<void>;
}

export function cleanupsService({
  db,
  storage,
  clock,
  log,
  withheldReportIds,
  awaitingConsentIds,
  assertMayClaim,
}: CleanupsServiceDeps) {
  const repository = cleanupsRepository(db);
  const reports = reportsRepository(db);

  /** Volunteers' claims older than 8 hours go back to `reported`, so a forgotten claim never hides a site. */
  async function releaseLapsedClaims(): Promise<number> {
    const now = clock.now();
    const released = await reports.releaseClaimsStartedBefore(
      new Date(now.getTime() - CLAIM_LIFETIME_MS).toISOString(),
      now.toISOString(),
    );
    if (released > 0) log.info({ released }, 'claims older than 8 hours returned to reported');
    return released;
  }

  async function reportOrThrow(id: number): Promise<ReportRow> {
    const report = await repository.findReport(id);
    if (!report) throw new NotFoundError('Report not found');
    return report;
  }

  const isClaimant = (report: ReportRow, actor: Actor) =>
    actor.volunteer !== null && report.cleaning_volunteer_id === actor.volunteer.id;

  /** A volunteer takes on an open site (a claim, or cleaning one nobody holds) only when the site and they may. */
  async function checkClaim(reportId: number, actor: Actor): Promise<void> {
    if ((await withheldReportIds?.())?.includes(reportId)) throw new ConflictError(referredToOwner);
    if ((await awaitingConsentIds?.())?.includes(reportId)) throw new ConflictError(ownerConsentNeeded);
    await assertMayClaim?.(actor.volunteer?.id ?? null);
  }

  /**
   * The other open reports of the cleaned site (a second phone, a manual report) are completed with
   * it, so nobody is sent back to a wall just cleaned; one claimed by another volunteer stays theirs.
   */
  async function completeTheRestOfTheSite(
    trx: Db,
    cleaned: ReportRow,
    cleanupId: number,
    actor: Actor,
    now: string,
  ): Promise<ReportRow[]> {
    const at = pointOf(cleaned.latitude, cleaned.longitude);
    const candidates = await reports.openReportsAt(
      cleaned.what3words,
      at ? boundingBox(at, SITE_RADIUS_METRES) : null,
      trx,
    );
    const twins = candidates.filter(
      (row) =>
        row.id !== cleaned.id &&
        isOfSite(row, cleaned.what3words, at) &&
        (row.status === 'reported' || row.cleaning_volunteer_id === null || isClaimant(row, actor)),
    );
    return reports.completeWithSite(twins, cleanupId, now, trx);
  }

  return {
    releaseLapsedClaims,
    /** The report list shows a lapsed claim as `reported` soon after it lapses, even when nobody calls the workflow (which sweeps them too). */
    lapsedClaimsJob: { name: 'lapsed-claims', everyMs: 5 * 60_000, run: releaseLapsedClaims } satisfies PeriodicJob,

    async findNearby(from: Point, exclude: readonly number[], radiusMetres?: number): Promise<FindNearbyResponse> {
      await releaseLapsedClaims();
      const withheld = (await withheldReportIds?.()) ?? [];
      const awaitingConsent = (await awaitingConsentIds?.()) ?? [];
      return findNearby(openSitesRepository(db), from, [...exclude, ...withheld, ...awaitingConsent], radiusMetres);
    },

    /** The open sites near the volunteer that they may choose instead of the one offered (none withheld). */
    async nearbySites(from: Point, radiusMetres?: number): Promise<NearbySitesResponse> {
      await releaseLapsedClaims();
      const withheld = (await withheldReportIds?.()) ?? [];
      const awaitingConsent = (await awaitingConsentIds?.()) ?? [];
      return nearbySites(openSitesRepository(db), from, [...withheld, ...awaitingConsent], radiusMetres);
    },

    async currentClaim(actor: Actor): Promise<CurrentCleanupResponse> {
      await releaseLapsedClaims();
      const report = actor.volunteer ? await repository.currentClaimOf(actor.volunteer.id) : undefined;
      return report
        ? { report: toReportResponse(report), locationLink: locationLinkOf(report) }
        : { report: null, locationLink: null };
    },

    async changeStatus(reportId: number, status: ReportStatus, actor: Actor): Promise<Report> {
      await releaseLapsedClaims();
      const now = clock.now().toISOString();
      const report = await reportOrThrow(reportId);

      if (actor.admin) {
        if (report.status === status) return toReportResponse(report);
        // An administrator's Cleaning mark is nobody's claim: it does not lapse after 8 hours.
        const updated = await reports.setStatus(reportId, status, null, now);
        if (!updated) throw new NotFoundError('Report not found');
        return toReportResponse(updated);
      }

      if (status === 'cleaning') {
        if (report.status === 'cleaning') {
          if (isClaimant(report, actor)) return toReportResponse(report);
          throw new ConflictError(findMessages.alreadyClaimed);
        }
        if (report.status === 'completed') throw new ConflictError(findMessages.alreadyCompleted);
        await checkClaim(reportId, actor);
        if (!(await reports.claim(reportId, actor.volunteer?.id ?? null, now))) {
          // Someone else got there between the read and the claim.
          const current = await reportOrThrow(reportId);
          if (current.status === 'cleaning' && isClaimant(current, actor)) return toReportResponse(current);
          throw new ConflictError(
            current.status === 'completed' ? findMessages.alreadyCompleted : findMessages.alreadyClaimed,
          );
        }
        return toReportResponse(await reportOrThrow(reportId));
      }

      if (status === 'reported' && report.status === 'reported') return toReportResponse(report);
      if (status === 'reported' && report.status === 'cleaning') {
        if (!isClaimant(report, actor)) throw new ForbiddenError(findMessages.notYourClaim);
        if (!(await reports.release(reportId, actor.volunteer!.id, now)))
          throw new ConflictError(findMessages.notYourClaim);
        return toReportResponse(await reportOrThrow(reportId));
      }
      throw new ForbiddenError(findMessages.statusAdminOnly);
    },

    /**
     * Progress photos for a report (the find workflow's `photos`, or one `photo` from the dashboard):
     * only the volunteer cleaning it (while the claim holds) or an administrator adds them.
     */
    async addPhotos(reportId: number, input: ReportPhotosInput, actor: Actor): Promise<ReportPhoto[]> {
      await releaseLapsedClaims();
      const report = await reportOrThrow(reportId);
      if (!actor.admin && !(report.status === 'cleaning' && isClaimant(report, actor)))
        throw new ForbiddenError(findMessages.notYourClaim);
      const processed: ProcessedPhoto[] = [];
      try {
        for (const file of input.files) processed.push(await processPhoto(file));
      } catch (error) {
        throw asUploadFailure(error, log);
      }
      const rows = await withStoredPhotos(storage, processed, (keys) =>
        reports.transaction(async (trx) => {
          const now = clock.now().toISOString();
          const inserted = await reports.insertPhotos(
            keys.map((key) => ({
              report_id: reportId,
              photo_type: input.photoType,
              description: input.description,
              // Who a photo says uploaded it comes from the session, never from the form.
              uploaded_by: actor.admin ? 'Administrator' : 'Volunteer',
              photo_key: key,
              created_at: now,
              // The volunteer's own photos go into their data download (and are unlinked on erasure).
              volunteer_id: actor.volunteer?.id ?? null,
            })),
            trx,
          );
          await reports.touch(reportId, now, trx);
          return inserted;
        }),
      ).catch((error: unknown) => {
        throw asUploadFailure(error, log);
      });
      return rows.map(toReportPhotoResponse);
    },

    async complete(input: CompleteCleanupInput, actor: Actor): Promise<CompleteCleanupResponse> {
      await releaseLapsedClaims();
      const report = await reportOrThrow(input.reportId);
      if (report.status === 'completed') throw new ConflictError(findMessages.alreadyCompleted);
      // A site still claimed is the claimant's to complete; an open one (never claimed, or a claim that
      // lapsed while the volunteer worked) may be completed by whoever cleaned it.
      if (report.status === 'cleaning' && !isClaimant(report, actor) && !actor.admin)
        throw new ForbiddenError(findMessages.notYourClaim);
      // Cleaning an open site is taking it on, under the same rules as a claim.
      if (report.status === 'reported' && !actor.admin) await checkClaim(report.id, actor);

      const ownEmail = actor.volunteer?.email ?? null;
      if (input.volunteerEmail !== null && input.volunteerEmail !== ownEmail && !actor.admin) {
        throw new ForbiddenError(findMessages.ownEmailOnly);
      }

      // Both photos are checked before either is stored: a bad after photo stores nothing.
      const before = await processPhoto(input.beforePhoto);
      const after = await processPhoto(input.afterPhoto);
      return withStoredPhotos(storage, [before, after], ([beforeKey, afterKey]) =>
        reports.transaction(async (trx) => {
          const now = clock.now();
          const nowIso = now.toISOString();
          const inTrx = cleanupsRepository(trx);
          const completed = await reports.markCompleted(report, nowIso, trx);
          if (!completed)
            throw new ConflictError('This site changed while the photos were uploading. Please try again.');

          let volunteerId: number | null = null;
          if (input.volunteerEmail !== null) {
            volunteerId =
              input.volunteerEmail === ownEmail
                ? actor.volunteer!.id
                : (await findOrRegisterVolunteer(trx, { email: input.volunteerEmail }, now)).volunteer.id;
          }
          const cleanup = await inTrx.insertCleanup({
            report_id: report.id,
            volunteer_id: volunteerId,
            completed_at: nowIso,
            minutes_worked: minutesWorked(report.cleaning_started_at, now),
            before_photo_key: beforeKey!,
            after_photo_key: afterKey!,
            notes: input.notes,
          });
          const alsoCompleted = await completeTheRestOfTheSite(trx, completed, cleanup.id, actor, nowIso);
          const newAchievements = volunteerId === null ? [] : await awardAchievements(trx, volunteerId, now);
          if (volunteerId !== null) await volunteersRepository(trx).touchLastActive(volunteerId, nowIso);
          return {
            cleanup: toCleanupRecord(cleanup, completed),
            report: toReportResponse(completed),
            newAchievements,
            alsoCompleted: alsoCompleted.map((row) => ({ id: row.id, what3words: row.what3words })),
          };
        }),
      );
    },
  };
}

export type CleanupsService = ReturnType<typeof cleanupsService>;

/** A failed photo upload says 'Failed to upload photo', with the reason when known. */
function asUploadFailure(error: unknown, log?: FastifyBaseLogger): AppError {
  if (error instanceof AppError) {
    return error.statusCode >= 500
      ? error
      : new AppError(error.statusCode, error.message, { ...error.options, title: findMessages.photoUploadFailed });
  }
  log?.error({ err: error }, 'progress photo upload failed');
  return new AppError(500, findMessages.photoUploadFailed, { title: findMessages.photoUploadFailed });
}
