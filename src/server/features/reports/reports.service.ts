// The rules of taking in and reading reports. A report is stored only with a stored photo, and a
// failure at any step leaves neither a row nor a file behind.
import type { z } from 'zod';
import type { createReportFieldsSchema, CreatedReport, Report, ReportPhoto } from '#shared/contracts/reports.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import { defaultServiceLevels, dueAt, type ServiceLevels } from '#shared/domain/service-levels.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import type { ConversionResult } from '#shared/contracts/location.ts';
import { isProviderFailure, type LocationService, type SuggestionFocus } from '#server/features/location/index.ts';
import { photoUrls, processPhoto, withStoredPhoto, type PhotoStorage } from '#server/features/photos/index.ts';
import type { ReportPhotoRow, ReportRow, ReportsRepository } from './reports.repository.ts';
import { enqueuePlacement } from './placement-job.ts';
import type { StagedPhotosService } from './staged-photos.service.ts';
import { locationLinkOf } from './location-link.ts';
import { choosePlacement, type SentPosition } from './report-placement.ts';
import { keptText, type KeptText } from '#server/http/conditional-get.ts';

type PhotoGps = { latitude: number; longitude: number } | null;

export type CreateReportInput = Omit<
  z.output<typeof createReportFieldsSchema>,
  'offensive' | 'notifyEmail' | 'nearLatitude' | 'nearLongitude' | 'stagedPhoto'
> & {
  /** The photo itself, or (from a browser that sent it ahead) the reference it was given and the browser's staging secret. */
  photo?: Buffer;
  stagedPhoto?: { reference: string; holder: string | undefined };
  offensive?: boolean;
  notifyEmail?: string;
  nearLatitude?: number;
  nearLongitude?: number;
  /** Another feature's rows about the new report (a partner app's mark), written in its transaction. */
  alsoInTransaction?: (trx: Db, row: ReportRow) => Promise<void>;
};

export interface ReportsServiceDeps {
  repository: ReportsRepository;
  storage: PhotoStorage;
  clock: Clock;
  location: LocationService;
  log: FastifyBaseLogger;
  /** How soon each kind of report is due to be cleaned; the defaults when unset. */
  serviceLevels?: ServiceLevels;
  /** Volunteer alerts: queues a new report's alert in the report's own transaction (the outbox). */
  alerts?: { enqueueReportAlert(trx: Db, report: ReportRow): Promise<void> };
  /** Photos sent ahead of their reports; a report may name one instead of carrying its photo. */
  stagedPhotos?: Pick<StagedPhotosService, 'take'>;
  /** 'Tell me when it is cleaned': the address gets a confirm link first; its e-mails carry this status link. */
  followers?: {
    /** Refuses (429) an address whose confirm e-mail would pass a limit; `reportId` null for a new report. */
    mayFollow(reportId: number | null, email: string): Promise<void>;
    follow(reportId: number, email: string, statusToken: string | null): Promise<void>;
  };
}

/**
 * Where the reporter is known to be, should the words name no place: the position sent with the report
 * (the device's, or the photo's), else the device's position sent for this alone.
 */
function suggestionFocus(input: CreateReportInput, sent: SentPosition | null): SuggestionFocus | undefined {
  if (sent) return { latitude: sent.latitude, longitude: sent.longitude, from: sent.source };
  if (input.nearLatitude !== undefined && input.nearLongitude !== undefined) {
    return { latitude: input.nearLatitude, longitude: input.nearLongitude, from: 'device' };
  }
  return undefined;
}

export function reportsService({
  repository,
  storage,
  clock,
  location,
  log,
  alerts,
  followers,
  stagedPhotos,
  serviceLevels = defaultServiceLevels,
}: ReportsServiceDeps) {
  let listCache: { version: string; list: KeptText } | undefined;

  /**
   * The typed words checked at the door: their place, or null when the provider could not answer (the
   * report is kept without a place). Words that name no place in the city are refused (400, with
   * suggestions) before anything is stored.
   */
  async function checkedPlace(words: string, near?: SuggestionFocus): Promise<ConversionResult | null> {
    try {
      return await location.checkWords(words, near);
    } catch (error) {
      if (!isProviderFailure(error)) throw error;
      log.warn({ err: error, words }, 'report kept without coordinates: the location provider did not answer');
      return null;
    }
  }

  return {
    /** Returns the report and whether it is new (false when an idempotent retry found the first one). */
    async create(input: CreateReportInput): Promise<{ report: CreatedReport; created: boolean }> {
      const answer = async (row: ReportRow, created: boolean) => {
        // A retry asks again: the address is kept once per report, and confirmed once.
        if (input.notifyEmail && followers) {
          if (!created) await followers.mayFollow(row.id, input.notifyEmail);
          await followers.follow(row.id, input.notifyEmail, row.status_token);
        }
        return { report: { ...toReportResponse(row), statusToken: row.status_token }, created };
      };
      if (input.idempotencyKey) {
        const existing = await repository.findByIdempotencyKey(input.idempotencyKey);
        if (existing) return answer(existing, false);
      }
      // An address that may not be sent its confirm link refuses the report before anything is kept:
      // the reporter hears when to try again, or sends it without the address.
      if (input.notifyEmail && followers) await followers.mayFollow(null, input.notifyEmail);
      const sent: SentPosition | null =
        input.latitude !== undefined && input.longitude !== undefined
          ? { latitude: input.latitude, longitude: input.longitude, source: input.locationSource ?? 'device' }
          : null;
      const place = await checkedPlace(input.what3words, suggestionFocus(input, sent));
      const now = clock.now().toISOString();
      const insert = (photoKey: string, photoGps: PhotoGps, trx?: Db) => {
        const coordinates = place ? choosePlacement(place, location.region, sent, photoGps) : null;
        return repository.insert(
          {
            what3words: input.what3words,
            description: input.description,
            photoKey,
            latitude: coordinates?.latitude ?? null,
            longitude: coordinates?.longitude ?? null,
            locationSource: coordinates?.source ?? null,
            wordsScheme: location.provider,
            idempotencyKey: input.idempotencyKey ?? null,
            priority: input.offensive ?? false,
            locationStatus: place ? 'checked' : 'to-check',
            now,
            dueAt: dueAt(now, input.offensive ?? false, serviceLevels).toISOString(),
          },
          // Not placed now (the provider did not answer): placed in the background, in the same transaction.
          async (q, row) => {
            if (!place) await enqueuePlacement(q, { reportId: row.id, sent, photoGps }, now);
            await alerts?.enqueueReportAlert(q, row);
            await input.alsoInTransaction?.(q, row);
          },
          trx,
        );
      };

      let row: ReportRow;
      try {
        const { photo, stagedPhoto } = input;
        if (stagedPhoto) {
          // The photo sent ahead is taken in the report's transaction: used once, or not at all.
          row = await repository.transaction(async (trx) => {
            const staged = await stagedPhotos!.take(stagedPhoto.reference, stagedPhoto.holder, trx);
            return insert(staged.photoKey, staged.gps, trx);
          });
        } else {
          const processed = await processPhoto(photo!);
          row = await withStoredPhoto(storage, processed, (photoKey) => insert(photoKey, processed.gps));
        }
      } catch (error) {
        // Two copies of one retried submission raced: the other one won, answer with it.
        if (input.idempotencyKey) {
          const existing = await repository.findByIdempotencyKey(input.idempotencyKey);
          if (existing) return answer(existing, false);
        }
        throw error;
      }
      return answer(row, true);
    },

    async list(): Promise<Report[]> {
      return (await repository.list()).map(toReportResponse);
    },

    listVersion: () => repository.listVersion(),

    /**
     * The list as JSON for a given version. Every volunteer's page polls it every 5 s; building a city's
     * reports is the costliest part of the answer, and every browser asks for Brotli, so the text and its
     * compressed forms are kept for as long as the version stays the same.
     */
    async listText(version: string): Promise<KeptText> {
      if (listCache?.version === version) return listCache.list;
      const list = keptText(JSON.stringify(await this.list()));
      // Keep it only if nothing changed while it was being built.
      if ((await repository.listVersion()) === version) listCache = { version, list };
      return list;
    },

    async unplaced(): Promise<Report[]> {
      return (await repository.unplaced()).map(toReportResponse);
    },

    async photosOf(reportId: number): Promise<ReportPhoto[] | null> {
      const report = await repository.findById(reportId);
      if (!report) return null;
      return (await repository.photosOf(reportId)).map(toReportPhotoResponse);
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;

export function toReportResponse(row: ReportRow): Report {
  return {
    id: row.id,
    what3words: row.what3words,
    description: row.description,
    ...photoUrls(row.photo_key),
    status: row.status,
    reportedAt: toIso(row.reported_at),
    completedAt: toIsoOrNull(row.completed_at),
    latitude: row.latitude,
    longitude: row.longitude,
    locationLink: locationLinkOf(row),
    locationSource: row.location_source,
    locationStatus: row.location_status,
    photoRedacted: row.photo_redacted_at !== null,
    reporterCount: row.reporter_count,
    meTooCount: row.me_too_count,
    priority: Boolean(row.priority),
  };
}

export function toReportPhotoResponse(row: ReportPhotoRow): ReportPhoto {
  return {
    id: row.id,
    reportId: row.report_id,
    photoType: row.photo_type,
    description: row.description,
    uploadedBy: row.uploaded_by,
    ...photoUrls(row.photo_key),
    createdAt: toIso(row.created_at),
  };
}
