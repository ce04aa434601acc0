// Each wall's history: reports at the same three words or within 25 m are one site. A site is a row of
// its own (so renumbering reports never moves one), each report names its site, and a report made
// after its site was cleaned is marked as tagged again. Existing reports are grouped here in the order
// they were reported, by the rule new reports follow.
import { sql, type Kysely } from 'kysely';
import { groupIntoSites, type GroupedReport } from '#shared/domain/site-history.ts';
import type { ColumnKit } from './column-kit.ts';

const BATCH = 500;

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('sites')
    .addColumn('id', 'integer', (c) => k.id(c))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('reports')
    .addColumn('site_id', 'integer', (c) => c.references('sites.id'))
    .execute();
  await db.schema
    .alterTable('reports')
    .addColumn('tagged_again', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const rows = (
    await sql<{
      id: number;
      what3words: string;
      latitude: number | null;
      longitude: number | null;
      reported_at: string | Date;
      completed_at: string | Date | null;
    }>`select id, what3words, latitude, longitude, reported_at, completed_at from reports`.execute(db)
  ).rows;
  const reports: GroupedReport[] = rows.map((row) => ({
    id: row.id,
    what3words: row.what3words,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    reportedAt: new Date(row.reported_at).toISOString(),
    completedAt: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
  }));
  const grouped = groupIntoSites(reports);
  const firstOf = new Map<number, string>();
  for (const report of reports) {
    const { site } = grouped.get(report.id)!;
    const first = firstOf.get(site);
    if (!first || report.reportedAt < first) firstOf.set(site, report.reportedAt);
  }
  const sites = [...firstOf.entries()].sort((a, b) => a[0] - b[0]);
  for (let start = 0; start < sites.length; start += BATCH) {
    const values = sql.join(sites.slice(start, start + BATCH).map(([id, createdAt]) => sql`(${id}, ${createdAt})`));
    await sql`insert into sites (id, created_at) values ${values}`.execute(db);
  }
  if (k.dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('sites', 'id'), (select coalesce(max(id), 0) + 1 from sites), false)`.execute(
      db,
    );
  }
  const assigned = [...grouped.entries()];
  for (let start = 0; start < assigned.length; start += BATCH) {
    // column1 = the report, column2 = its site, column3 = tagged again: both databases name VALUES columns so.
    const values = sql.join(
      assigned
        .slice(start, start + BATCH)
        .map(
          ([id, { site, taggedAgain }]) =>
            sql`(cast(${id} as integer), cast(${site} as integer), cast(${taggedAgain ? 1 : 0} as integer))`,
        ),
    );
    await sql`update reports set site_id = m.column2, tagged_again = m.column3
      from (values ${values}) as m where reports.id = m.column1`.execute(db);
  }

  // A site's history, the reports made after their site was cleaned (the most re-tagged sites), and the
  // search for a new report's site among every report (not only open ones) by position.
  await db.schema.createIndex('reports_site').on('reports').column('site_id').execute();
  await db.schema
    .createIndex('reports_site_tagged_again')
    .on('reports')
    .columns(['site_id', 'reported_at'])
    .where(sql.ref('tagged_again'), '=', 1)
    .execute();
  await db.schema.createIndex('reports_latitude_longitude').on('reports').columns(['latitude', 'longitude']).execute();
}
