// The limit_counters table (PostgreSQL only): each hit counted by one statement, so any number of
// server processes counting the same client at once each count it exactly once. Time is the
// database's own, so the processes' clocks never disagree about when a window ends.
import { sql } from 'kysely';
import type { Db } from '#server/db/client.ts';

export interface LimitCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** How long until the window ends. */
  resetsInMs: number;
}

export function limitCountersRepository(db: Db) {
  return {
    /** Counts a hit of `key`; a window that has ended starts again from this hit, `windowMs` long. */
    async hit(key: string, windowMs: number): Promise<LimitCount> {
      const { rows } = await sql<{ hits: number; resets_in_ms: number }>`
        insert into limit_counters as c (key, hits, resets_at)
        values (${key}, 1, now() + ${windowMs}::double precision * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
          resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
        returning c.hits, extract(epoch from (c.resets_at - now())) * 1000 as resets_in_ms`.execute(db);
      const row = rows[0]!;
      return { hits: Number(row.hits), resetsInMs: Math.max(0, Math.ceil(Number(row.resets_in_ms))) };
    },

    /** The count of `key` in its current window, without counting; none when it has no live window. */
    async read(key: string): Promise<LimitCount> {
      const { rows } = await sql<{ hits: number; resets_in_ms: number }>`
        select hits, extract(epoch from (resets_at - now())) * 1000 as resets_in_ms
        from limit_counters where key = ${key} and resets_at > now()`.execute(db);
      const row = rows[0];
      if (!row) return { hits: 0, resetsInMs: 0 };
      return { hits: Number(row.hits), resetsInMs: Math.max(0, Math.ceil(Number(row.resets_in_ms))) };
    },

    /** Removes the counters whose window has ended (they would start again from 1 anyway). */
    async deleteEnded(): Promise<number> {
      const result = await db
        .deleteFrom('limit_counters')
        .where('resets_at', '<=', sql<string>`now()`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
