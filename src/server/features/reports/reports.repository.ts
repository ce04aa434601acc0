// The only place that reads and writes the reports and report_photos tables.
import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { ReportPhotosTable, ReportsTable } from '#server/db/tables.ts';

export type ReportRow = Selectable<ReportsTable>;
export type ReportPhotoRow = Selectable<ReportPhotosTable>;

export interface NewReport {
  what3words: string;
  description: string | null;
  photoKey: string;
  latitude: number | null;
  longitude: number | null;
  locationSource: ReportRow['location_source'];
  wordsScheme: ReportRow['words_scheme'];
  idempotencyKey: string | null;
  /** Offensive graffiti: offered to volunteers first. */
  priority?: boolean;
  locationStatus: ReportRow['location_status'];
  now: string;
}

/**
 * A report's updated_at for a change made now: strictly later than every report's, so the latest
 * change to any report always carries the latest updated_at, even when two changes share a
 * millisecond or the clock that made an earlier one ran ahead. Every change to a report takes its
 * updated_at from here (pass the transaction when there is one). The list's version, which its ETag
 * carries, is the change counter the database's triggers keep on every write (see listVersion).
 */
export async function nextUpdatedAt(db: Db, now: string): Promise<string> {
  const row = await db
    .selectFrom('reports')
    .select(sql<string | Date | null>`max(updated_at)`.as('latest'))
    .executeTakeFirstOrThrow();
  if (row.latest === null) return now;
  return new Date(Math.max(new Date(now).getTime(), new Date(row.latest).getTime() + 1)).toISOString();
}

/** A report by its number, read through the given handle (a transaction when there is one). */
export function findReportById(db: Db, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The private status link's token: 32 random bytes, so no report's page can be found by trying. */
export const newStatusToken = () => randomBytes(32).toString('base64url');

export function reportsRepository(db: Db) {
  return {
    /** With `alsoInTransaction`, the row and whatever it writes commit together (the alerts outbox). */
    async insert(
      report: NewReport,
      alsoInTransaction?: (trx: Db, row: ReportRow) => Promise<void>,
    ): Promise<ReportRow> {
      if (alsoInTransaction) {
        return db.transaction().execute(async (trx) => {
          const row = await insertReport(trx, report);
          await alsoInTransaction(trx, row);
          return row;
        });
      }
      return insertReport(db, report);
    },

    findById: (id: number) => findReportById(db, id),

    async findByIdempotencyKey(key: string): Promise<ReportRow | undefined> {
      return db.selectFrom('reports').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    },

    /** Newest first. */
    async list(): Promise<ReportRow[]> {
      return db.selectFrom('reports').selectAll().orderBy('reported_at', 'desc').orderBy('id', 'desc').execute();
    },

    /**
     * A fingerprint of the whole list that changes whenever any report is added, changed or removed:
     * the change counter the database's triggers keep (010-report-list), one row read.
     */
    async listVersion(): Promise<string> {
      const row = await db.selectFrom('report_list_state').select('version').where('id', '=', 1).executeTakeFirst();
      return `v${row?.version ?? 0}`;
    },

    /** Reports whose location could not be placed (still to check, or not found), newest first. */
    async unplaced(): Promise<ReportRow[]> {
      return db
        .selectFrom('reports')
        .selectAll()
        .where('location_status', '!=', 'checked')
        .orderBy('reported_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** A report placed after the fact (its words found once the provider answered). */
    async place(
      id: number,
      at: { latitude: number; longitude: number; source: NonNullable<ReportRow['location_source']> },
      now: string,
    ): Promise<void> {
      await db
        .updateTable('reports')
        .set({
          latitude: at.latitude,
          longitude: at.longitude,
          location_source: at.source,
          location_status: 'checked',
          updated_at: await nextUpdatedAt(db, now),
        })
        .where('id', '=', id)
        .where('location_status', '=', 'to-check')
        .execute();
    },

    async markNotFound(id: number, now: string): Promise<void> {
      await db
        .updateTable('reports')
        .set({ location_status: 'not-found', updated_at: await nextUpdatedAt(db, now) })
        .where('id', '=', id)
        .where('location_status', '=', 'to-check')
        .execute();
    },

    async photosOf(reportId: number): Promise<ReportPhotoRow[]> {
      return db.selectFrom('report_photos').selectAll().where('report_id', '=', reportId).orderBy('id').execute();
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;

function insertReport(q: Db, report: NewReport): Promise<ReportRow> {
  return q
    .insertInto('reports')
    .values({
      what3words: report.what3words,
      description: report.description,
      photo_key: report.photoKey,
      status: 'reported',
      reported_at: report.now,
      updated_at: report.now,
      latitude: report.latitude,
      longitude: report.longitude,
      location_source: report.locationSource,
      words_scheme: report.wordsScheme,
      idempotency_key: report.idempotencyKey,
      status_token: newStatusToken(),
      priority: report.priority ? 1 : 0,
      location_status: report.locationStatus,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
