// Service levels: each report carries when it is due to be cleaned, worked out once when it is
// reported (the target in force then is the one it is held to), so the management list sorts and
// filters by it from an index. Reports from before this are given their due time by the default
// targets. Also when the administrators were told that a report is overdue, and that an offensive
// one is still unclaimed, so each is told once.
import { sql, type Kysely } from 'kysely';
import { dueAt } from '#shared/domain/service-levels.ts';
import type { ColumnKit } from './column-kit.ts';

const BATCH = 1000;

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema.alterTable('reports').addColumn('due_at', k.timestamp).execute();
  await db.schema.alterTable('reports').addColumn('overdue_alerted_at', k.timestamp).execute();
  await db.schema.alterTable('reports').addColumn('unclaimed_alerted_at', k.timestamp).execute();

  let after = 0;
  for (;;) {
    const rows = (
      await sql<{ id: number; reported_at: string | Date; priority: number | boolean }>`
        select id, reported_at, priority from reports where id > ${after} order by id limit ${BATCH}`.execute(db)
    ).rows;
    for (const row of rows) {
      const due = dueAt(new Date(row.reported_at), Number(row.priority) === 1).toISOString();
      await sql`update reports set due_at = ${due} where id = ${row.id}`.execute(db);
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }

  // The sort 'Due: soonest' and the overdue filter, with and without a status filter and 'Priority first'.
  const indexes: [string, string[]][] = [
    ['reports_due_id', ['due_at', 'id']],
    ['reports_status_due_id', ['status', 'due_at', 'id']],
    ['reports_priority_due_id', ['priority', 'due_at', 'id']],
    ['reports_status_priority_due_id', ['status', 'priority', 'due_at', 'id']],
  ];
  // The public performance figures read the cleaned reports' times from this index alone.
  indexes.push(['reports_cleaned_times', ['status', 'completed_at', 'reported_at', 'due_at', 'priority']]);
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).ifNotExists().on('reports').columns(columns).execute();
  }
}
