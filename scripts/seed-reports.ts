// Loads many realistic reports into a database at once, for trying the management list at a city's
// size, the bench and the browser tests: real three-word locations of the city's streets, some
// offensive (priority) reports, some not placed yet, and on purpose some second reports of one site. It writes rows straight through the repository's tables
// (no public form, so no submission limit), in batches inside one transaction. The rows come from a
// seeded generator, so the same count gives the same reports. Photos: a pool of small real JPEGs
// (each stored once with its thumbnail through the photo pipeline) shared by the reports.
import { sql, type Insertable } from 'kysely';
import sharp from 'sharp';
import type { Db } from '#server/db/client.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';
import type { ReportsTable } from '#server/db/tables.ts';
import type { PhotoStorage } from '#server/features/photos/photo-storage.ts';
import { processPhoto, storePhoto } from '#server/features/photos/photo-pipeline.ts';
import { createGridCode } from '#server/features/location/index.ts';
import { METRES_PER_DEGREE } from '#shared/domain/geo.ts';

const BATCH = 500;
const grid = createGridCode();

interface Place {
  words: string;
  lat: number;
  lng: number;
}
const DAY_MS = 24 * 60 * 60 * 1000;
const PHOTO_POOL = 24;
const DESCRIPTIONS = [
  'Tag on the close wall',
  'Spray paint across the bus shelter',
  'Large piece on the railway bridge',
  'Stickers and marker on the lamp post',
  'Scrawl on the shop shutter',
  'Offensive words on the bench',
  'Paint on the listed stonework',
  'Tags along the back lane',
];

export interface SeedOptions {
  /** The reports are spread over this many days before `now` (default a year). */
  days?: number;
  now?: Date;
  seed?: number;
}

/** Inserts `count` reports; answers how many photos it stored for them. */
export async function seedReports(db: Db, storage: PhotoStorage, count: number, options: SeedOptions = {}) {
  const random = mulberry32(options.seed ?? 20261123);
  const now = (options.now ?? new Date()).getTime();
  const span = (options.days ?? 365) * DAY_MS;
  const photos = await photoPool(storage, Math.min(PHOTO_POOL, Math.max(1, count)), random);
  const places: Place[] = [];

  /** A real location in the city's streets: the grid's words for a point, and the point. */
  function newPlace(): Place {
    const lat = 55.92 + random() * 0.06;
    const lng = -3.25 + random() * 0.13;
    return { words: grid.encode(lat, lng).words, lat, lng };
  }

  /** Another report of a site already reported: at its words, or a few metres along the wall. */
  function twinOf(site: Place): Place {
    if (random() < 0.5) return site;
    const lat = site.lat + ((random() - 0.5) * 20) / METRES_PER_DEGREE;
    const lng = site.lng + ((random() - 0.5) * 20) / (METRES_PER_DEGREE * Math.cos((site.lat * Math.PI) / 180));
    return { words: grid.encode(lat, lng).words, lat, lng };
  }

  function report(): Insertable<ReportsTable> {
    // About one report in twenty is of a site already reported (a second phone, a manual report).
    const place =
      places.length > 0 && random() < 0.05 ? twinOf(places[Math.floor(random() * places.length)]!) : newPlace();
    places.push(place);
    const reportedAt = now - random() * span;
    const roll = random();
    const status: ReportsTable['status'] = roll < 0.55 ? 'reported' : roll < 0.62 ? 'cleaning' : 'completed';
    const laterAt = Math.min(now, reportedAt + random() * 20 * DAY_MS);
    const iso = (ms: number) => new Date(Math.floor(ms)).toISOString();
    // About one in thirty was made while the location provider could not be reached: not placed yet.
    const placed = random() >= 1 / 30;
    // About one in thirty is offensive graffiti, marked priority.
    const priority = random() < 1 / 30 ? 1 : 0;
    return {
      what3words: place.words,
      description: random() < 0.7 ? DESCRIPTIONS[Math.floor(random() * DESCRIPTIONS.length)]! : null,
      photo_key: photos[Math.floor(random() * photos.length)]!,
      status,
      reported_at: iso(reportedAt),
      cleaning_started_at: status === 'cleaning' ? iso(laterAt) : null,
      completed_at: status === 'completed' ? iso(laterAt) : null,
      updated_at: iso(status === 'reported' ? reportedAt : laterAt),
      latitude: placed ? place.lat : null,
      longitude: placed ? place.lng : null,
      location_source: placed ? 'words' : null,
      location_status: placed ? 'checked' : 'to-check',
      words_scheme: 'grid',
      idempotency_key: null,
      priority,
    };
  }

  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - start) }, report);
      await trx.insertInto('reports').values(rows).execute();
    }
  });
  return { photos: photos.length };
}

/**
 * After a bulk load, brings the table to the state a live database reaches by itself: on PostgreSQL,
 * VACUUM ANALYZE (what autovacuum does soon after many inserts) marks the table's pages all-visible, so
 * the list's counts read their index alone instead of visiting every matching row, and gives the
 * planner the new row counts; then a checkpoint writes the load's pages out (what the checkpointer does
 * within minutes), so that writing does not land on the requests timed next. A role that may not
 * ask for a checkpoint leaves it to the checkpointer. SQLite needs none of it.
 */
export async function settleAfterLoad(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`vacuum analyze reports`.execute(db);
  await sql`checkpoint`.execute(db).catch((error: { code?: string }) => {
    if (error.code !== INSUFFICIENT_PRIVILEGE) throw error;
  });
}

/** PostgreSQL's SQLSTATE for a statement the role may not run. */
const INSUFFICIENT_PRIVILEGE = '42501';

/** Small JPEGs of a wall with a coloured tag on it, each stored once (photo and thumbnail). */
async function photoPool(storage: PhotoStorage, size: number, random: () => number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < size; i++) {
    const wall = {
      r: 150 + Math.floor(random() * 60),
      g: 140 + Math.floor(random() * 50),
      b: 120 + Math.floor(random() * 40),
    };
    const ink = `hsl(${Math.floor(random() * 360)}, 80%, 45%)`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
      <rect width="480" height="360" fill="rgb(${wall.r},${wall.g},${wall.b})"/>
      <path d="M${60 + i * 7} 240 C 140 ${80 + i * 3}, 260 ${300 - i * 4}, 420 120" stroke="${ink}" stroke-width="26" fill="none" stroke-linecap="round"/>
      <circle cx="${120 + i * 11}" cy="120" r="34" fill="none" stroke="${ink}" stroke-width="14"/>
    </svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
    keys.push(await storePhoto(storage, await processPhoto(jpeg)));
  }
  return keys;
}

/** A small deterministic pseudo-random generator (mulberry32): uniform numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
