// Reads for the public interfaces (Open311, open data, the map): only the columns a report's public
// record is made of, never the private ones (tokens, retry keys, claimants, descriptions). Reads only.
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { ReportsTable } from '#server/db/tables.ts';

/** The columns a report's public record is made of. */
export const publicColumns = [
  'id',
  'what3words',
  'status',
  'reported_at',
  'completed_at',
  'updated_at',
  'latitude',
  'longitude',
  'photo_key',
  'priority',
] as const;

export type PublicReportRow = Pick<Selectable<ReportsTable>, (typeof publicColumns)[number]>;

export interface PublicReportFilter {
  /** Only these reports; the other conditions still apply when given. */
  ids?: readonly number[];
  /** reported_at at or after this instant (ISO 8601, UTC). */
  from?: string;
  /** reported_at at or before this instant (ISO 8601, UTC). */
  to?: string;
  statuses?: readonly ReportsTable['status'][];
  /** true: offensive graffiti only; false: the other reports only. */
  offensive?: boolean;
  /** At most this many, newest first. */
  limit: number;
}

export function publicReportsRepository(db: Db) {
  return {
    /** Reports the filter selects, newest first, at most `limit`. */
    async find(filter: PublicReportFilter): Promise<PublicReportRow[]> {
      if (filter.ids?.length === 0) return [];
      let query = db.selectFrom('reports').select(publicColumns);
      if (filter.ids) query = query.where('id', 'in', [...filter.ids]);
      if (filter.from) query = query.where('reported_at', '>=', filter.from);
      if (filter.to) query = query.where('reported_at', '<=', filter.to);
      if (filter.statuses) query = query.where('status', 'in', [...filter.statuses]);
      if (filter.offensive !== undefined) query = query.where('priority', '=', filter.offensive ? 1 : 0);
      return query.orderBy('reported_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    },

    /** Every report placed on the map that is open, or was cleaned at or after `cleanedSince`. */
    async onTheMap(cleanedSince: string): Promise<PublicReportRow[]> {
      return db
        .selectFrom('reports')
        .select(publicColumns)
        .where('latitude', 'is not', null)
        .where('longitude', 'is not', null)
        .where((eb) => eb.or([eb('status', '!=', 'completed'), eb('completed_at', '>=', cleanedSince)]))
        .execute();
    },
  };
}

export type PublicReportsRepository = ReturnType<typeof publicReportsRepository>;
