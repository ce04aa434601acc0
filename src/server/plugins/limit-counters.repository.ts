// The limit_counters table: each hit counted by one statement, so any number of server processes
// counting the same client at once each count it exactly once. The per-client limits count here on
// PostgreSQL only (SQLite's one process counts in memory); the administrator passcode's lock for
// everyone is a counter here on both.
import { sql } from 'kysely';
import { deletedBy, type Db } from '#server/db/client.ts';
import { toIso } from '#server/db/tables.ts';

export interface LimitCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** How long until the window ends. */
  resetsInMs: number;
}

const countAt = (row: { hits: number | string; resets_at: string | Date } | undefined, now: Date): LimitCount =>
  row
    ? { hits: Number(row.hits), resetsInMs: Math.max(0, new Date(row.resets_at).getTime() - now.getTime()) }
    : { hits: 0, resetsInMs: 0 };

export function limitCountersRepository(db: Db) {
  return {
    /** Counts a hit of `key` at `now`; a window that has ended starts again from this hit, `windowMs` long. */
    async hit(key: string, windowMs: number, now: Date): Promise<LimitCount> {
      const at = now.toISOString();
      const { rows } = await sql<{ hits: number; resets_at: string | Date }>`
        insert into limit_counters as c (key, hits, resets_at)
        values (${key}, 1, ${toIso(new Date(now.getTime() + windowMs))})
        on conflict (key) do update set
          hits = case when c.resets_at <= ${at} then 1 else c.hits + 1 end,
          resets_at = case when c.resets_at <= ${at} then excluded.resets_at else c.resets_at end
        returning hits, resets_at`.execute(db);
      return countAt(rows[0], now);
    },

    /** The count of `key` in its window at `now`, without counting; none when its window has ended. */
    async read(key: string, now: Date): Promise<LimitCount> {
      const row = await db
        .selectFrom('limit_counters')
        .select(['hits', 'resets_at'])
        .where('key', '=', key)
        .where('resets_at', '>', now.toISOString())
        .executeTakeFirst();
      return countAt(row, now);
    },

    /** Removes the counters whose window had ended by `now` (they would start again from 1 anyway). */
    deleteEnded: (now: Date) => deletedBy(db.deleteFrom('limit_counters').where('resets_at', '<=', now.toISOString())),
  };
}
