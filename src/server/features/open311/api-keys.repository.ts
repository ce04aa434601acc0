// The only writer of open311_api_keys and open311_partner_requests: partner apps' keys (as hashes),
// and which reports each key posted, with the partner's name.
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { Open311ApiKeysTable } from '#server/db/tables.ts';

export type ApiKeyRow = Selectable<Open311ApiKeysTable> & { requests: number };

export function apiKeysRepository(db: Db) {
  const withCounts = () =>
    db
      .selectFrom('open311_api_keys as k')
      .selectAll('k')
      .select((eb) =>
        eb
          .selectFrom('open311_partner_requests as p')
          .select((inner) => inner.fn.countAll<string | number>().as('n'))
          .whereRef('p.api_key_id', '=', 'k.id')
          .as('requests'),
      );
  const counted = <T extends { requests: string | number | null }>(row: T) => ({
    ...row,
    requests: Number(row.requests ?? 0),
  });

  return {
    async insert(name: string, keyHash: string, keyHint: string, now: string): Promise<ApiKeyRow> {
      const row = await db
        .insertInto('open311_api_keys')
        .values({ name, key_hash: keyHash, key_hint: keyHint, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ...row, requests: 0 };
    },

    /** Every key, the newest first, with how many requests it has posted. */
    async list(): Promise<ApiKeyRow[]> {
      return (await withCounts().orderBy('k.id', 'desc').execute()).map(counted);
    },

    /** Revokes a key (once: a revoked key keeps its first date); undefined when there is no such key. */
    async revoke(id: number, now: string): Promise<ApiKeyRow | undefined> {
      await db
        .updateTable('open311_api_keys')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      const row = await withCounts().where('k.id', '=', id).executeTakeFirst();
      return row ? counted(row) : undefined;
    },

    /** The key with this hash, if it is not revoked. */
    async findActive(keyHash: string): Promise<Selectable<Open311ApiKeysTable> | undefined> {
      return db
        .selectFrom('open311_api_keys')
        .selectAll()
        .where('key_hash', '=', keyHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    async markUsed(id: number, now: string): Promise<void> {
      await db.updateTable('open311_api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    /** Marks a report as posted by a partner, in the report's own transaction. */
    async recordRequest(
      trx: Db,
      request: { reportId: number; apiKeyId: number; partnerName: string; now: string },
    ): Promise<void> {
      await trx
        .insertInto('open311_partner_requests')
        .values({
          report_id: request.reportId,
          api_key_id: request.apiKeyId,
          partner_name: request.partnerName,
          created_at: request.now,
        })
        .execute();
    },

    /** The partner that posted each of these reports, for those a partner posted. */
    async partnersOf(reportIds: readonly number[]): Promise<Map<number, string>> {
      if (reportIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('open311_partner_requests')
        .select(['report_id', 'partner_name'])
        .where('report_id', 'in', [...reportIds])
        .execute();
      return new Map(rows.map((row) => [row.report_id, row.partner_name]));
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;
