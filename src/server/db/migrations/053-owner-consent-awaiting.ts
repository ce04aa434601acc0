// The reports still waiting for their owner's consent, found from an index of those alone: the
// management list's filter reads it, and so does the nearest-site search's list of withheld sites.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('report_owner_consents_awaiting')
    .ifNotExists()
    .on('report_owner_consents')
    .column('report_id')
    .where(sql.ref('given_at'), 'is', null)
    .execute();
}
