// Seeds a fresh SQLite database with many plausible reports, fast: one transaction, batched inserts
// straight through Kysely. The rows are made by a seeded generator, so every run has the same data.
import path from 'node:path';
import type { Insertable } from 'kysely';
import { openDatabase } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { ReportsTable } from '#server/db/tables.ts';
import { mulberry32 } from '../scripts/seed-reports.ts';

const BATCH_SIZE = 500; // 500 rows x 13 columns stays far below SQLite's bound-parameter limit
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Every seeded report points at this one (absent) photo; the list endpoint only builds its URLs. */
const FAKE_PHOTO_KEY = 'benchSeedPhotoKey00000';
const WORDS = ['filled', 'count', 'soap', 'index', 'home', 'raft', 'crisp', 'lamp', 'otter', 'stone', 'wharf', 'blue'];

/** Creates `<dataDir>/app.db` (the file the server opens), migrates it and inserts `count` reports. */
export async function seedReports(dataDir: string, count: number): Promise<void> {
  const database = openDatabase({ kind: 'sqlite', filename: path.join(dataDir, 'app.db') });
  try {
    await migrateToLatest(database.db as never, database.dialect);
    const random = mulberry32(20240601);
    const now = Date.now();
    await database.db.transaction().execute(async (trx) => {
      for (let start = 0; start < count; start += BATCH_SIZE) {
        const rows = Array.from({ length: Math.min(BATCH_SIZE, count - start) }, () => fakeReport(random, now));
        await trx.insertInto('reports').values(rows).execute();
      }
    });
  } finally {
    await database.close();
  }
}

function fakeReport(random: () => number, now: number): Insertable<ReportsTable> {
  const reportedAt = now - random() * YEAR_MS;
  const roll = random();
  const status: ReportsTable['status'] = roll < 0.8 ? 'reported' : roll < 0.88 ? 'cleaning' : 'completed';
  const laterAt = Math.min(now, reportedAt + random() * 30 * DAY_MS);
  const iso = (ms: number) => new Date(ms).toISOString();
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  return {
    what3words: `${pick()}.${pick()}.${pick()}`,
    description: random() < 0.5 ? 'Tag on the wall by the bus stop' : null,
    photo_key: FAKE_PHOTO_KEY,
    status,
    reported_at: iso(reportedAt),
    cleaning_started_at: status === 'cleaning' ? iso(laterAt) : null,
    completed_at: status === 'completed' ? iso(laterAt) : null,
    updated_at: iso(status === 'reported' ? reportedAt : laterAt),
    latitude: 55.9 + random() * 0.1,
    longitude: -3.3 + random() * 0.2,
    location_source: 'device',
    words_scheme: 'grid',
    idempotency_key: null,
  };
}
