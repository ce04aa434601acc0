// A database of the city's size for the benches that time one service in-process: SQLite in the
// bench's folder or a scratch PostgreSQL database, migrated, seeded in transactions of 10,000 reports,
// one report in forty marked priority (offensive graffiti, offered first), then settled as after a
// bulk load.
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Tables } from '#server/db/tables.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { createTestDatabase } from '#tests/databases.ts';
import { seedReports, settleAfterLoad } from '../scripts/seed-reports.ts';

/** Seeded in transactions of this many reports: each insert bumps the list's counter row, and one transaction of them all holds it long. */
const SEED_CHUNK = 10_000;
/** A city's worth of inserts and updates may take as long as a busy machine needs: the server's own timeouts are for answering visitors. */
export const LOADING_TIMEOUTS = { connectMs: 30_000, statementMs: 3_600_000 };

export type CityDatabase = 'sqlite' | 'postgres';

export async function seededCity(
  kind: CityDatabase,
  dataDir: string,
  { reports, seed, adjust }: { reports: number; seed: number; adjust?: (trx: Transaction<Tables>) => Promise<void> },
): Promise<DatabaseHandle> {
  fs.mkdirSync(path.join(dataDir, 'photos'), { recursive: true });
  const database: DatabaseHandle =
    kind === 'sqlite'
      ? openDatabase({ kind: 'sqlite', filename: path.join(dataDir, 'app.db') })
      : await createTestDatabase('postgres', { timeouts: LOADING_TIMEOUTS });
  try {
    if (kind === 'sqlite') await migrateToLatest(database.db as never, database.dialect);
    const storage = localPhotoStorage(path.join(dataDir, 'photos'));
    for (let done = 0; done < reports; done += SEED_CHUNK) {
      await seedReports(database.db, storage, Math.min(SEED_CHUNK, reports - done), { seed: seed + done });
    }
    await database.db.transaction().execute(async (trx) => {
      await sql`update reports set priority = 1 where id % 40 = 0`.execute(trx);
      await adjust?.(trx);
    });
    await settleAfterLoad(database.db, database.dialect);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
