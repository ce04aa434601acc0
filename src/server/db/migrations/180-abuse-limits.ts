// What the limits against abuse count by: wrong administrator passcodes from every client within a
// window.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('admin_attempts_attempted').on('admin_attempts').column('attempted_at').execute();
}
