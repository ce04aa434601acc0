import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/databases.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createGridCode } from '#server/features/location/index.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { haversineMetres } from '#shared/domain/geo.ts';
import { SITE_RADIUS_METRES } from '#shared/domain/site.ts';
import { seedReports } from './seed-reports.ts';

let database: DatabaseHandle;
let photoDir: string;
beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-seed-'));
  await seedReports(database.db, localPhotoStorage(photoDir), 2_000, { now: new Date('2026-11-28T12:00:00Z') });
});
afterAll(async () => {
  await database.close();
  fs.rmSync(photoDir, { recursive: true, force: true });
});

it("seeds real three-word locations of the city's streets, each at its own words' square", async () => {
  const grid = createGridCode();
  const rows = await database.db.selectFrom('reports').selectAll().execute();
  expect(rows).toHaveLength(2_000);
  for (const row of rows.filter((r) => r.latitude !== null)) {
    const square = grid.decode(row.what3words);
    expect(haversineMetres({ latitude: square.lat, longitude: square.lng }, row as never)).toBeLessThan(3);
  }
  // Some were made while the provider could not be reached, and wait to be placed.
  const unplaced = rows.filter((r) => r.latitude === null);
  expect(unplaced.length).toBeGreaterThan(20);
  expect(new Set(unplaced.map((r) => r.location_status))).toEqual(new Set(['to-check']));
});

it('seeds offensive (priority) reports and second reports of one site on purpose', async () => {
  const rows = await database.db.selectFrom('reports').selectAll().execute();
  expect(rows.filter((r) => Number(r.priority) === 1).length).toBeGreaterThan(20);
  const placed = rows.filter((r) => r.latitude !== null) as {
    what3words: string;
    latitude: number;
    longitude: number;
  }[];
  const sameWords = rows.length - new Set(rows.map((r) => r.what3words)).size;
  expect(sameWords).toBeGreaterThan(10);
  const nearButOtherWords = placed.filter((a, i) =>
    placed.some((b, j) => i !== j && a.what3words !== b.what3words && haversineMetres(a, b) <= SITE_RADIUS_METRES),
  );
  expect(nearButOtherWords.length).toBeGreaterThan(10);
});

it('`npm run seed -- --help` prints how to use it, and an unknown option says so, without a stack trace', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '..'),
      encoding: 'utf8',
    });
  const help = run('--help');
  expect(help.status).toBe(0);
  expect(help.stdout).toMatch(/^Usage: npm run seed -- --reports <count>/);
  const unknown = run('--bogus');
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toContain("Unknown option '--bogus'");
  expect(unknown.stderr).not.toMatch(/\n\s+at /);
});
