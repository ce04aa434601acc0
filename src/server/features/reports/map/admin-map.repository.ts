// The administrators' map reads every placed report the filters select (any status, priority or
// not, reported within a range of instants): the columns a site on the map is made of. Reads only.
import type { Db } from '#server/db/client.ts';
import type { ReportsTable } from '#server/db/tables.ts';
import { publicColumns, type PublicReportRow } from '../public-reports.repository.ts';

export interface AdminMapFilter {
  status?: ReportsTable['status'];
  /** true: priority (offensive) reports only; false: the others only. */
  priority?: boolean;
  /** reported_at at or after this instant, and before that one (ISO 8601). */
  from?: string;
  before?: string;
}

export function adminMapRepository(db: Db) {
  return {
    async placed(filter: AdminMapFilter): Promise<PublicReportRow[]> {
      let query = db
        .selectFrom('reports')
        .select(publicColumns)
        .where('latitude', 'is not', null)
        .where('longitude', 'is not', null);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.priority !== undefined) query = query.where('priority', '=', filter.priority ? 1 : 0);
      if (filter.from) query = query.where('reported_at', '>=', filter.from);
      if (filter.before) query = query.where('reported_at', '<', filter.before);
      return query.execute();
    },
  };
}

export type AdminMapRepository = ReturnType<typeof adminMapRepository>;
