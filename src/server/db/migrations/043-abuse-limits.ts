// What the limits against abuse count by: confirm e-mails per address ('Tell me when it is cleaned'),
// and wrong administrator passcodes from every client within a window.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('report_followers_email_created')
    .on('report_followers')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema.createIndex('admin_attempts_attempted').on('admin_attempts').column('attempted_at').execute();
}
