// The only place that writes the reports table and its added photos (report_photos): intake,
// placement, claims and statuses, edits, deletion, renumbering, priority marks, added reporters and
// photos, 'Me too' counts, and redacted photos. Every write dates its
// change with nextUpdatedAt and takes an optional transaction, so another feature's repository can
// change a report inside its own transaction; without one, a write of several statements opens its own.
// A transaction that changes reports is opened by `transaction` here, so that once it commits the
// report list hears of it (`onReportsWritten`) and no process keeps an old version of the list.
import { randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';
import type { ReportPhotosTable, ReportsTable, Tables } from '#server/db/tables.ts';
import { toIso } from '#server/db/tables.ts';
import { isCleanedSite, siteNear, sitesRepository } from './sites/sites.repository.ts';

export type ReportRow = Selectable<ReportsTable>;
/** A latitude/longitude box; without longitudes it spans every one (see boundingBox). */
export type Box = { minLat: number; maxLat: number; minLng?: number; maxLng?: number };
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
  /** When it is due to be cleaned, by the service level of its kind (none for some tests' reports). */
  dueAt?: string;
}

/** An administrator's edit of a report's words and description. */
export interface ReportEdit {
  what3words: string;
  description: string | null;
  /** Set when the words changed: the coordinates follow them (null when they did not convert). */
  coordinates?: Pick<ReportRow, 'latitude' | 'longitude' | 'location_source' | 'words_scheme' | 'location_status'>;
}

/** A report as the caller last saw it, to change only if nobody changed it in between. */
type SeenReport = Pick<ReportRow, 'id' | 'status' | 'cleaning_volunteer_id'>;

/** The report `seen`, provided it still has the same status and claimant. */
function stillAsSeen(eb: ExpressionBuilder<Tables, 'reports'>, seen: SeenReport) {
  return eb.and([
    eb('id', '=', seen.id),
    eb('status', '=', seen.status),
    seen.cleaning_volunteer_id === null
      ? eb('cleaning_volunteer_id', 'is', null)
      : eb('cleaning_volunteer_id', '=', seen.cleaning_volunteer_id),
  ]);
}

/** The columns a claim is made of; cleared together whenever a report leaves `cleaning`. */
const noClaim = { cleaning_started_at: null, cleaning_volunteer_id: null } as const;

/**
 * A report moved to a status by an administrator: completed_at true to it, a claim only while cleaning,
 * and no longer completed by another report's clean-up.
 */
function statusFields(status: ReportsTable['status'], claimant: number | null, now: string) {
  const own = { completed_by_cleanup_id: null };
  if (status === 'cleaning')
    return { status, cleaning_started_at: now, cleaning_volunteer_id: claimant, completed_at: null, ...own };
  if (status === 'completed') return { status, ...noClaim, completed_at: now, ...own };
  return { status, ...noClaim, completed_at: null, ...own };
}

/**
 * Completes a report, provided it is still as the caller saw it (same status and claimant); undefined
 * when another request changed it in between.
 */
async function completeAsSeen(q: Db, seen: SeenReport, now: string, more: { completed_by_cleanup_id?: number } = {}) {
  return q
    .updateTable('reports')
    .set({ status: 'completed', completed_at: now, ...noClaim, ...more, updated_at: await nextUpdatedAt(q, now) })
    .where((eb) => stillAsSeen(eb, seen))
    .returningAll()
    .executeTakeFirst();
}

/** Rows renumbered per statement: well under both databases' limits on bound parameters. */
const RENUMBER_BATCH = 500;

/**
 * A report's updated_at for a change made now: strictly later than every report's, so the latest
 * change to any report always carries the latest updated_at, even when two changes share a
 * millisecond or the clock that made an earlier one ran ahead. Every change to a report takes its
 * updated_at from here (pass the transaction when there is one). The list's version, which its ETag
 * carries, is the change counter the database's triggers keep on every write (see listVersion).
 */
async function nextUpdatedAt(db: Db, now: string): Promise<string> {
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

/** Who hears, for each database handle, that reports have changed (once the change has committed). */
const writeListeners = new WeakMap<Db, Set<() => void>>();
/** Transactions opened by a reports repository's `transaction`: the only ones a report is written in. */
const reportTransactions = new WeakSet<Db>();

/** Calls `listener` after each committed change to the reports of `db`; returns the way to stop. */
export function onReportsWritten(db: Db, listener: () => void): () => void {
  const listeners = writeListeners.get(db) ?? new Set();
  writeListeners.set(db, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells the list of `db` that reports changed. The repository calls it for each change it commits; a
 * change made beside the app on the same handle (a test's seed) calls it as well.
 */
export function reportsChanged(db: Db): void {
  for (const listener of writeListeners.get(db) ?? []) listener();
}

export function reportsRepository(db: Db) {
  /** A transaction whose writes to reports the list hears of once it has committed. */
  async function transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute((trx) => {
      reportTransactions.add(trx);
      return work(trx);
    });
    reportsChanged(db);
    return result;
  }

  function joined(trx: Db): Db {
    if (!reportTransactions.has(trx))
      throw new Error('Reports are changed only in a transaction opened by the reports repository');
    return trx;
  }

  /** Runs `work` in the caller's transaction, or in a new one when there is none. */
  const inTransaction = <T>(trx: Db | undefined, work: (trx: Db) => Promise<T>): Promise<T> =>
    trx ? work(joined(trx)) : transaction(work);

  /** Runs a write of one statement in the caller's transaction, or alone (heard once it has run). */
  async function write<T>(trx: Db | undefined, work: (q: Db) => Promise<T>): Promise<T> {
    if (trx) return work(joined(trx));
    const result = await work(db);
    reportsChanged(db);
    return result;
  }

  /** The place of a report still to check, settled: where it is, or that its words name no place. */
  const settlePlace = (id: number, fields: Updateable<ReportsTable>, now: string, trx?: Db) =>
    write(trx, async (q) => {
      await q
        .updateTable('reports')
        .set({ ...fields, updated_at: await nextUpdatedAt(q, now) })
        .where('id', '=', id)
        .where('location_status', '=', 'to-check')
        .execute();
    });

  return {
    transaction,

    /** With `alsoInTransaction`, the row and whatever it writes commit together (the alerts outbox). */
    async insert(
      report: NewReport,
      alsoInTransaction?: (trx: Db, row: ReportRow) => Promise<void>,
      trx?: Db,
    ): Promise<ReportRow> {
      // The report joins its site (or starts one) in the same transaction.
      return inTransaction(trx, async (q) => {
        const row = await insertReport(q, report);
        await alsoInTransaction?.(q, row);
        return row;
      });
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
      trx?: Db,
    ): Promise<void> {
      const placed = { latitude: at.latitude, longitude: at.longitude, location_source: at.source };
      return settlePlace(id, { ...placed, location_status: 'checked' }, now, trx);
    },

    markNotFound: (id: number, now: string, trx?: Db) => settlePlace(id, { location_status: 'not-found' }, now, trx),

    /**
     * The reports the administrators have not been told of yet that need them: not cleaned and past
     * their due time ('overdue'), or offensive, reported before `unclaimedBefore` and still unclaimed
     * ('unclaimed'); at most `limit` of each, soonest first. `except`: reports left out (those on
     * another owner's clock).
     */
    async needingAttention(
      now: string,
      unclaimedBefore: string,
      limit: number,
      trx?: Db,
      except: readonly number[] = [],
    ) {
      const q = trx ?? db;
      const [overdue, unclaimed] = await Promise.all([
        q
          .selectFrom('reports')
          .select(['id', 'what3words', 'due_at'])
          .where('status', '!=', 'completed')
          .where('due_at', '<=', now)
          .where('overdue_alerted_at', 'is', null)
          .$if(except.length > 0, (query) => query.where('id', 'not in', [...except]))
          .orderBy('due_at')
          .orderBy('id')
          .limit(limit)
          .execute(),
        q
          .selectFrom('reports')
          .select(['id', 'what3words', 'due_at'])
          .where('status', '=', 'reported')
          .where('priority', '=', 1)
          .where('reported_at', '<=', unclaimedBefore)
          .where('unclaimed_alerted_at', 'is', null)
          .$if(except.length > 0, (query) => query.where('id', 'not in', [...except]))
          .orderBy('reported_at')
          .orderBy('id')
          .limit(limit)
          .execute(),
      ]);
      return { overdue, unclaimed };
    },

    /** Marks the administrators told that these reports are overdue, or offensive and unclaimed (nothing the list shows). */
    async markEscalated(ids: readonly number[], reason: 'overdue' | 'unclaimed', now: string, trx: Db): Promise<void> {
      if (ids.length === 0) return;
      await write(trx, (q) =>
        q
          .updateTable('reports')
          .set(reason === 'overdue' ? { overdue_alerted_at: now } : { unclaimed_alerted_at: now })
          .where('id', 'in', [...ids])
          .execute(),
      );
    },

    /**
     * 'It's back': a new report joins the site of the cleaned report it says is tagged again, as a
     * report made after the site was cleaned. Nothing the list shows changes.
     */
    async joinSite(id: number, siteId: number, trx: Db): Promise<void> {
      await joined(trx).updateTable('reports').set({ site_id: siteId, tagged_again: 1 }).where('id', '=', id).execute();
    },

    /** The site of a report; one of its own is started for a report written beside the app without one. */
    async siteOf(id: number, now: string, trx: Db): Promise<number | null> {
      const q = joined(trx);
      const row = await q.selectFrom('reports').select('site_id').where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      if (row.site_id !== null) return row.site_id;
      const siteId = await sitesRepository(q).create(now, q);
      await q.updateTable('reports').set({ site_id: siteId }).where('id', '=', id).execute();
      return siteId;
    },

    /** Dates a change to the report itself made elsewhere (an added or deleted photo of it). */
    async touch(id: number, now: string, trx?: Db): Promise<void> {
      return write(trx, async (q) => {
        await q
          .updateTable('reports')
          .set({ updated_at: await nextUpdatedAt(q, now) })
          .where('id', '=', id)
          .execute();
      });
    },

    /** Volunteers' claims started before the cutoff go back to `reported` (an administrator's mark stays). */
    async releaseClaimsStartedBefore(cutoff: string, now: string, trx?: Db): Promise<number> {
      return write(trx, async (q) => {
        // Called before every workflow call: a cheap look first (the status index), the write only when needed.
        const lapsed = await q
          .selectFrom('reports')
          .select('id')
          .where('status', '=', 'cleaning')
          .where('cleaning_started_at', '<', cutoff)
          .limit(1)
          .executeTakeFirst();
        if (!lapsed) return 0;
        const result = await q
          .updateTable('reports')
          .set({ status: 'reported', ...noClaim, updated_at: await nextUpdatedAt(q, now) })
          .where('status', '=', 'cleaning')
          .where('cleaning_volunteer_id', 'is not', null)
          .where('cleaning_started_at', 'is not', null)
          .where('cleaning_started_at', '<', cutoff)
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
    },

    /** Claims an open site; false when it was not open any more. */
    async claim(id: number, volunteerId: number | null, now: string, trx?: Db): Promise<boolean> {
      return write(trx, async (q) => {
        const result = await q
          .updateTable('reports')
          .set({
            status: 'cleaning',
            cleaning_started_at: now,
            cleaning_volunteer_id: volunteerId,
            completed_at: null,
            updated_at: await nextUpdatedAt(q, now),
          })
          .where('id', '=', id)
          .where('status', '=', 'reported')
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      });
    },

    /** Gives a claim back; with a volunteer, only that volunteer's claim. */
    async release(id: number, volunteerId: number | null, now: string, trx?: Db): Promise<boolean> {
      return write(trx, async (q) => {
        let query = q
          .updateTable('reports')
          .set({ status: 'reported', ...noClaim, updated_at: await nextUpdatedAt(q, now) })
          .where('id', '=', id)
          .where('status', '=', 'cleaning');
        if (volunteerId !== null) query = query.where('cleaning_volunteer_id', '=', volunteerId);
        const result = await query.executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      });
    },

    /**
     * An erased volunteer's claims: a site they were cleaning goes back to the list, and no report
     * keeps their id as its claimant.
     */
    async releaseClaimsOf(volunteerId: number, now: string, trx?: Db): Promise<void> {
      await inTransaction(trx, async (q) => {
        const claimed = await q
          .selectFrom('reports')
          .select('id')
          .where('cleaning_volunteer_id', '=', volunteerId)
          .execute();
        if (claimed.length === 0) return;
        await q
          .updateTable('reports')
          .set({ status: 'reported', ...noClaim, updated_at: await nextUpdatedAt(q, now) })
          .where('cleaning_volunteer_id', '=', volunteerId)
          .where('status', '=', 'cleaning')
          .execute();
        await q
          .updateTable('reports')
          .set({ cleaning_volunteer_id: null })
          .where('cleaning_volunteer_id', '=', volunteerId)
          .execute();
      });
    },

    /** An administrator's status change: any status from any other, completed_at kept true to it. */
    async setStatus(
      id: number,
      status: ReportsTable['status'],
      claimant: number | null,
      now: string,
      trx?: Db,
    ): Promise<ReportRow | undefined> {
      return write(trx, async (q) => {
        return q
          .updateTable('reports')
          .set({ ...statusFields(status, claimant, now), updated_at: await nextUpdatedAt(q, now) })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
      });
    },

    /**
     * Several reports to one status at once, as an administrator's single change would set each.
     * Reports already in that status are left as they are. Answers how many of the ids exist.
     */
    async setStatusMany(
      ids: readonly number[],
      status: ReportsTable['status'],
      claimant: number | null,
      now: string,
      trx?: Db,
    ): Promise<number> {
      return inTransaction(trx, async (q) => {
        await q
          .updateTable('reports')
          .set({ ...statusFields(status, claimant, now), updated_at: await nextUpdatedAt(q, now) })
          .where('id', 'in', [...ids])
          .where('status', '!=', status)
          .execute();
        const found = await q
          .selectFrom('reports')
          .select(sql<string | number>`count(*)`.as('n'))
          .where('id', 'in', [...ids])
          .executeTakeFirstOrThrow();
        return Number(found.n);
      });
    },

    /** Marks a site completed, provided it is still as the caller saw it (see completeAsSeen). */
    markCompleted(seen: SeenReport, now: string, trx?: Db): Promise<ReportRow | undefined> {
      return write(trx, (q) => completeAsSeen(q, seen, now));
    },

    /** Open reports (not completed) with these words, or with a position inside the box: a site's candidates. */
    openReportsAt(words: string | null, box: Box | null, trx?: Db): Promise<ReportRow[]> {
      return (trx ?? db)
        .selectFrom('reports')
        .selectAll()
        .where('status', '!=', 'completed')
        .where((eb) => {
          const ors = [];
          if (words) ors.push(eb('what3words', '=', words));
          if (box) {
            const inBox = [eb('latitude', '>=', box.minLat), eb('latitude', '<=', box.maxLat)];
            if (box.minLng !== undefined && box.maxLng !== undefined)
              inBox.push(eb('longitude', '>=', box.minLng), eb('longitude', '<=', box.maxLng));
            else inBox.push(eb('longitude', 'is not', null));
            ors.push(eb.and(inBox));
          }
          return ors.length > 0 ? eb.or(ors) : eb.val(false);
        })
        .orderBy('reported_at')
        .orderBy('id')
        .limit(50)
        .execute();
    },

    /**
     * Completes other reports of a site that `cleanupId` cleaned, each provided it is still as the
     * caller saw it (same status and claimant); answers those completed.
     */
    async completeWithSite(seen: readonly SeenReport[], cleanupId: number, now: string, trx: Db): Promise<ReportRow[]> {
      const q = joined(trx);
      const completed: ReportRow[] = [];
      for (const report of seen) {
        const row = await completeAsSeen(q, report, now, { completed_by_cleanup_id: cleanupId });
        if (row) completed.push(row);
      }
      return completed;
    },

    /** An administrator's edit; the coordinates change only when the words did. */
    async update(id: number, edit: ReportEdit, now: string, trx?: Db): Promise<ReportRow | undefined> {
      return inTransaction(trx, async (q) => {
        const updatedAt = await nextUpdatedAt(q, now);
        return q
          .updateTable('reports')
          .set({
            what3words: edit.what3words,
            description: edit.description,
            updated_at: updatedAt,
            ...edit.coordinates,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
      });
    },

    /** The priority mark; with `dueAtOf`, the due time follows the report's new kind. */
    async setPriority(
      id: number,
      priority: boolean,
      now: string,
      trx?: Db,
      dueAtOf?: (reportedAt: string) => string,
    ): Promise<ReportRow | undefined> {
      return write(trx, async (q) => {
        const reported = dueAtOf
          ? await q.selectFrom('reports').select('reported_at').where('id', '=', id).executeTakeFirst()
          : undefined;
        return q
          .updateTable('reports')
          .set({
            priority: priority ? 1 : 0,
            updated_at: await nextUpdatedAt(q, now),
            ...(reported && dueAtOf ? { due_at: dueAtOf(toIso(reported.reported_at)) } : {}),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
      });
    },

    /**
     * One more reporter of an open report: its count grows, and a report from before status links
     * gets its token now. Undefined when the report is completed (or gone).
     */
    async addReporter(id: number, now: string, trx?: Db): Promise<ReportRow | undefined> {
      return inTransaction(trx, async (q) => {
        const at = await nextUpdatedAt(q, now);
        const updated = await q
          .updateTable('reports')
          .set((eb) => ({ reporter_count: eb('reporter_count', '+', 1), updated_at: at }))
          .where('id', '=', id)
          .where('status', '!=', 'completed')
          .returningAll()
          .executeTakeFirst();
        if (!updated || updated.status_token) return updated;
        const token = newStatusToken();
        await q.updateTable('reports').set({ status_token: token }).where('id', '=', id).execute();
        return { ...updated, status_token: token };
      });
    },

    /**
     * One more device's 'Me too' for an open report: its count grows (and with it the report's group
     * in 'Priority first', which the database derives). Undefined when it is completed (or gone).
     */
    async addMeToo(id: number, now: string, trx: Db): Promise<ReportRow | undefined> {
      const q = joined(trx);
      const at = await nextUpdatedAt(q, now);
      return q
        .updateTable('reports')
        .set((eb) => ({
          me_too_count: eb('me_too_count', '+', 1),
          updated_at: at,
        }))
        .where('id', '=', id)
        .where('status', '!=', 'completed')
        .returningAll()
        .executeTakeFirst();
    },

    /** Points the report at a new photo key, only if it still holds the old one; false when it moved on. */
    async replacePhotoKey(id: number, oldKey: string, newKey: string, trx?: Db): Promise<boolean> {
      const result = await write(trx, (q) =>
        q
          .updateTable('reports')
          .set({ photo_key: newKey })
          .where('id', '=', id)
          .where('photo_key', '=', oldKey)
          .executeTakeFirst(),
      );
      return Number(result.numUpdatedRows) === 1;
    },

    /** One of the report's photos was blurred: the report shows as edited in every dashboard's list. */
    async markPhotoRedacted(id: number, now: string, trx?: Db): Promise<void> {
      return write(trx, async (q) => {
        const updatedAt = await nextUpdatedAt(q, now);
        await q
          .updateTable('reports')
          .set({ photo_redacted_at: now, updated_at: updatedAt })
          .where('id', '=', id)
          .execute();
      });
    },

    /** Deletes the report; its photos, clean-ups and followers go with it (ON DELETE CASCADE). */
    async delete(id: number, trx?: Db): Promise<void> {
      await write(trx, (q) => q.deleteFrom('reports').where('id', '=', id).execute());
    },

    /**
     * Gives the reports the ids 1..n in reported order. Photos and clean-ups follow through ON UPDATE
     * CASCADE. Two passes: first every id moves above the highest one, so no new id meets an old one
     * under the unique key; then each takes its place. The id sequence then continues from n.
     */
    async renumber(now: string, dialect: Dialect, trx?: Db): Promise<number> {
      return inTransaction(trx, async (q) => {
        // No report may be added while ids move (PostgreSQL; SQLite writes one at a time already).
        if (dialect === 'postgres') await sql`lock table reports in exclusive mode`.execute(q);
        const rows = await q
          .selectFrom('reports')
          .select('id')
          .orderBy('reported_at', 'asc')
          .orderBy('id', 'asc')
          .execute();
        if (rows.length > 0) {
          const shift = Math.max(...rows.map((row) => row.id));
          await q
            .updateTable('reports')
            .set({ id: sql<number>`id + ${shift}` })
            .execute();
          const updatedAt = await nextUpdatedAt(q, now);
          for (let start = 0; start < rows.length; start += RENUMBER_BATCH) {
            const batch = rows.slice(start, start + RENUMBER_BATCH);
            // column1 = the new id, column2 = the shifted old id: both databases name VALUES columns so.
            const values = sql.join(
              batch.map((row, i) => sql`(cast(${start + i + 1} as integer), cast(${row.id + shift} as integer))`),
            );
            await sql`update reports set id = m.column1, updated_at = ${updatedAt}
              from (values ${values}) as m where reports.id = m.column2`.execute(q);
          }
        }
        if (dialect === 'postgres') {
          await sql`select setval(pg_get_serial_sequence('reports', 'id'), (select coalesce(max(id), 0) + 1 from reports), false)`.execute(
            q,
          );
        } else {
          await sql`update sqlite_sequence set seq = (select coalesce(max(id), 0) from reports) where name = 'reports'`.execute(
            q,
          );
        }
        return rows.length;
      });
    },

    async photosOf(reportId: number): Promise<ReportPhotoRow[]> {
      return db.selectFrom('report_photos').selectAll().where('report_id', '=', reportId).orderBy('id').execute();
    },

    // A report's added photos (progress, completion, reporters' confirmations) are written here only.

    async insertPhotos(rows: Insertable<ReportPhotosTable>[], trx?: Db): Promise<ReportPhotoRow[]> {
      if (rows.length === 0) return [];
      return (trx ?? db).insertInto('report_photos').values(rows).returningAll().execute();
    },

    /** A reporter's photo joins the report ('Add my photo to it', 'Me too'), with their status link if any. */
    async addReporterPhoto(reportId: number, photoKey: string, statusToken: string | null, now: string, trx: Db) {
      await trx
        .insertInto('report_photos')
        .values({
          report_id: reportId,
          photo_type: 'reporter',
          description: null,
          uploaded_by: null,
          photo_key: photoKey,
          created_at: now,
          volunteer_id: null,
          status_token: statusToken,
        })
        .execute();
    },

    /** Deletes one photo of one report; answers its key, or null when the report has no such photo. */
    async deletePhoto(reportId: number, photoId: number, trx?: Db): Promise<string | null> {
      const photo = await (trx ?? db)
        .deleteFrom('report_photos')
        .where('id', '=', photoId)
        .where('report_id', '=', reportId)
        .returning('photo_key')
        .executeTakeFirst();
      return photo?.photo_key ?? null;
    },

    /** Points an added photo at a new key, only if it still holds the old one. */
    async replaceAddedPhotoKey(photoId: number, oldKey: string, newKey: string, trx?: Db): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('report_photos')
        .set({ photo_key: newKey })
        .where('id', '=', photoId)
        .where('photo_key', '=', oldKey)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The photos a volunteer added stay with their reports, no longer linked to anyone and without the
     * words they wrote about them (which can name people, as notes can).
     */
    async unlinkPhotosOf(volunteerId: number, trx?: Db): Promise<void> {
      await (trx ?? db)
        .updateTable('report_photos')
        .set({ volunteer_id: null, description: null })
        .where('volunteer_id', '=', volunteerId)
        .execute();
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;

/** Inserts the report in its site: the one at its words or within 25 m, or a new one. */
async function insertReport(q: Db, report: NewReport): Promise<ReportRow> {
  const near = await siteNear(q, report);
  const taggedAgain = near !== null && (await isCleanedSite(q, near));
  const siteId = near ?? (await sitesRepository(q).create(report.now, q));
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
      due_at: report.dueAt ?? null,
      site_id: siteId,
      tagged_again: taggedAgain ? 1 : 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
