// The rules of managing reports: an edited location brings its coordinates along, a deleted report
// takes every stored file with it (after the database has let go of them), a manual report goes
// through the same intake as a public one, and the priority mark is kept with its audit entry.
import type { FastifyBaseLogger } from 'fastify';
import type { Report, ReportFilter } from '#shared/contracts/reports.ts';
import { cityDay } from '#shared/domain/calendar-days.ts';
import { REPORT_STATUS_LABELS, type ReportStatus } from '#shared/domain/report-status.ts';
import { reportEditMessages } from '#shared/domain/report-edit-messages.ts';
import { defaultServiceLevels, dueAt, type ServiceLevels } from '#shared/domain/service-levels.ts';
import type { Clock } from '#server/clock.ts';
import { NotFoundError } from '#server/errors.ts';
import { isProviderFailure, type LocationService } from '#server/features/location/index.ts';
import type { Db } from '#server/db/client.ts';
import { photoUrls, removePhoto, type PhotoStorage } from '#server/features/photos/index.ts';
import { toCsv, type CsvCell } from '#server/features/analytics/index.ts';
import type { ReportListRepository } from '../report-list.repository.ts';
import { toReportResponse, type ReportsService } from '../reports.service.ts';
import type { ReportEdit } from '../reports.repository.ts';
import type { ReportManagementRepository } from './report-management.repository.ts';
import { pointOf } from '#server/db/tables.ts';
import type { Point } from '#shared/domain/geo.ts';

const CSV_HEADER = [
  'Position',
  'Report id',
  'Three-word location',
  'Description',
  'Status',
  'Reported',
  'Cleaned',
  'Latitude',
  'Longitude',
  'Shares its location',
  'Photo',
];

export interface ReportManagementDeps {
  repository: ReportManagementRepository;
  /** The management list's queries, for the CSV of the reports being shown. */
  list: ReportListRepository;
  reports: ReportsService;
  storage: PhotoStorage;
  clock: Clock;
  location: LocationService;
  log: FastifyBaseLogger;
  /** The due times a changed priority mark moves the report to; the defaults when unset. */
  serviceLevels?: ServiceLevels;
}

export function reportManagementService({
  repository,
  list,
  reports,
  storage,
  clock,
  location,
  log,
  serviceLevels = defaultServiceLevels,
}: ReportManagementDeps) {
  async function removeFiles(keys: string[]) {
    // removePhoto never throws; a file left behind costs disk space, not correctness.
    await Promise.all(keys.map((key) => removePhoto(storage, key)));
  }

  /**
   * Coordinates for corrected words, checked as a new report's are: words that name no place are
   * refused with suggestions (the report keeps its old words and position); a provider that cannot
   * answer leaves the report without a position, to be placed in the background.
   */
  async function coordinatesFor(words: string, was: Point | null): Promise<NonNullable<ReportEdit['coordinates']>> {
    // Places spelt alike are offered nearest to where the report already is, when it has a place.
    const near = was ? { ...was, from: 'report' as const } : undefined;
    try {
      const result = await location.checkWords(words, near);
      return {
        latitude: result.lat,
        longitude: result.lng,
        location_source: 'words',
        words_scheme: location.provider,
        location_status: 'checked',
      };
    } catch (error) {
      if (!isProviderFailure(error)) throw error;
      log.info({ err: error, words }, 'edited report kept without coordinates: the location provider did not answer');
      return {
        latitude: null,
        longitude: null,
        location_source: null,
        words_scheme: location.provider,
        location_status: 'to-check',
      };
    }
  }

  return {
    async update(id: number, input: { what3words: string; description?: string | null }): Promise<Report> {
      const existing = await repository.findById(id);
      if (!existing) throw new NotFoundError(reportEditMessages.reportNotFound);
      const description = input.description === undefined ? existing.description : input.description;
      const edit: ReportEdit = { what3words: input.what3words, description };
      if (input.what3words !== existing.what3words) {
        edit.coordinates = await coordinatesFor(input.what3words, pointOf(existing.latitude, existing.longitude));
      }
      const row = await repository.update(id, edit, clock.now().toISOString());
      if (!row) throw new NotFoundError(reportEditMessages.reportNotFound);
      return toReportResponse(row);
    },

    async delete(id: number): Promise<void> {
      const keys = await repository.delete(id);
      if (keys === null) throw new NotFoundError(reportEditMessages.reportNotFound);
      await removeFiles(keys);
    },

    async deletePhoto(reportId: number, photoId: number): Promise<void> {
      const key = await repository.deletePhoto(reportId, photoId, clock.now().toISOString());
      if (key === null) throw new NotFoundError(reportEditMessages.photoNotFound);
      await removeFiles([key]);
    },

    async createManual(input: { what3words: string; description: string | null; photo: Buffer }): Promise<Report> {
      const { report } = await reports.create({
        what3words: input.what3words,
        description: input.description,
        photo: input.photo,
        latitude: undefined,
        longitude: undefined,
        accuracy: undefined,
      });
      return report;
    },

    renumber: () => repository.renumber(clock.now().toISOString()),

    setStatusMany: (ids: readonly number[], status: ReportStatus, claimant: number | null) =>
      repository.setStatusMany([...new Set(ids)], status, claimant, clock.now().toISOString()),

    /** The reports the filter selects, in the list's order, as CSV text (same quoting as every export). */
    async csv(filter: ReportFilter): Promise<string> {
      const rows: CsvCell[][] = [CSV_HEADER];
      for await (const batch of list.all({ ...filter, now: clock.now().toISOString() }, filter.sort)) {
        for (const row of batch) {
          rows.push([
            rows.length,
            row.id,
            row.what3words,
            row.description,
            REPORT_STATUS_LABELS[row.status],
            cityDay(row.reported_at),
            row.completed_at === null ? null : cityDay(row.completed_at),
            row.latitude,
            row.longitude,
            row.duplicate ? 'yes' : 'no',
            photoUrls(row.photo_key).photoUrl,
          ]);
        }
      }
      return toCsv(rows);
    },

    today: () => cityDay(clock.now()),

    /** The administrators' mark; `alsoInTransaction` writes with it (its audit entry), or neither is kept. */
    async setPriority(
      reportId: number,
      priority: boolean,
      alsoInTransaction?: (trx: Db) => Promise<void>,
    ): Promise<{ id: number; priority: boolean }> {
      const row = await repository.setPriority(reportId, priority, clock.now().toISOString(), alsoInTransaction, (at) =>
        dueAt(at, priority, serviceLevels).toISOString(),
      );
      if (!row) throw new NotFoundError('Report not found');
      return { id: row.id, priority: Boolean(row.priority) };
    },
  };
}

export type ReportManagementService = ReturnType<typeof reportManagementService>;
