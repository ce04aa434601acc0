// One server process, then two, on one PostgreSQL database and one photo bucket behind a round-robin
// proxy: the list (answered in full, Brotli, and revalidated with its ETag) and intake (uploads of a
// phone-sized photo from many clients), printed side by side. No budget: the figures show what a
// second process buys on this machine, and that nothing breaks when there are two.
// Run alone: `TEST_DATABASE_URL=postgres://... node --import tsx bench/scale-out.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { startRoundRobinProxy } from '#tests/round-robin-proxy.ts';
import { startS3Server } from '#tests/s3-server.ts';
import { createScratchDatabase } from '#tests/databases.ts';
import { seedReports, settleAfterLoad } from '../scripts/seed-reports.ts';
import { allAnswered, checkList, loadFullListBrotli, loadRevalidations, type LoadFigures } from './list-load.ts';
import { startServer, type RunningServer } from './server.ts';
import { ranDirectly } from './own-process.ts';
import { formatTable, type Row } from './table.ts';
import { burstPhoto, uploadBurst, type BurstFigures } from './upload-burst.ts';

const REPORTS = 10_000;
const UPLOADS = 40;

interface Figures {
  list: LoadFigures;
  revalidated: LoadFigures;
  listOk: boolean;
  intake: BurstFigures;
  uploadsPerSecond: number;
}

export async function benchScaleOut(repoRoot: string, workDir: string): Promise<Row[]> {
  if (!process.env.TEST_DATABASE_URL) {
    return [{ metric: 'Scale-out on PostgreSQL', value: 'TEST_DATABASE_URL not set', budget: '-', status: 'SKIP' }];
  }
  const scratch = await createScratchDatabase('cue_scale');
  const databaseUrl = scratch.url;
  const s3 = await startS3Server();
  try {
    const database = openDatabase({ kind: 'postgres', url: databaseUrl });
    await migrateToLatest(database.db as never, database.dialect);
    // The list's figures do not read photos, so the seeded ones stay in a folder.
    const seededPhotos = path.join(workDir, 'scale-seed-photos');
    fs.mkdirSync(seededPhotos, { recursive: true });
    await seedReports(database.db, localPhotoStorage(seededPhotos), REPORTS);
    await settleAfterLoad(database.db, database.dialect);
    await database.close();
    const bucket = await s3.newBucket();
    const env = { DATABASE_URL: databaseUrl, ...s3.env(bucket) };
    const photo = await burstPhoto();

    const figures: Figures[] = [];
    for (const count of [1, 2]) {
      const servers: RunningServer[] = [];
      try {
        for (let i = 0; i < count; i++) {
          const dataDir = path.join(workDir, `scale-${count}-${i}`);
          fs.mkdirSync(dataDir, { recursive: true });
          servers.push(await startServer(repoRoot, dataDir, env));
        }
        const proxy = await startRoundRobinProxy(() =>
          servers.map((server, i) => ({ name: String(i), port: Number(new URL(server.baseUrl).port) })),
        );
        try {
          const check = await checkList(proxy.url);
          const list = await loadFullListBrotli(proxy.url);
          const revalidated = await loadRevalidations(proxy.url, check.etag);
          const started = performance.now();
          const intake = await uploadBurst(proxy.url, photo, UPLOADS);
          const seconds = (performance.now() - started) / 1000;
          figures.push({
            list,
            revalidated,
            listOk: check.revalidates && allAnswered(list, 200) && allAnswered(revalidated, 304),
            intake,
            uploadsPerSecond: (intake.statusCounts['201'] ?? 0) / seconds,
          });
        } finally {
          await proxy.close();
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
    const [one, two] = figures as [Figures, Figures];
    const side = (a: string, b: string) => `${a} / ${b}`;
    const rps = (f: LoadFigures) => `${f.requestsPerSecond.toFixed(0)}/s p99 ${f.p99Ms} ms`;
    return [
      {
        metric: `Scale-out, ${REPORTS.toLocaleString('en-GB')} reports on PostgreSQL: full list (br), 1 / 2 processes`,
        value: side(rps(one.list), rps(two.list)),
        budget: '-',
        status: one.listOk && two.listOk ? '' : 'FAIL',
      },
      {
        metric: 'Scale-out: unchanged list (304), 1 / 2 processes',
        value: side(rps(one.revalidated), rps(two.revalidated)),
        budget: '-',
        status: one.listOk && two.listOk ? '' : 'FAIL',
      },
      {
        metric: `Scale-out: intake, ${UPLOADS} uploads of ${(photo.length / 1e6).toFixed(1)} MB from as many clients, 1 / 2 processes`,
        value: side(
          `${one.uploadsPerSecond.toFixed(1)}/s (${one.intake.statusCounts['201'] ?? 0} kept)`,
          `${two.uploadsPerSecond.toFixed(1)}/s (${two.intake.statusCounts['201'] ?? 0} kept)`,
        ),
        budget: '201, or 503 + Retry-After',
        status: [one, two].every(
          (f) =>
            f.intake.retryAfterOn503 &&
            Object.keys(f.intake.statusCounts).every((code) => code === '201' || code === '503'),
        )
          ? 'PASS'
          : 'FAIL',
      },
      {
        metric: `Machine load after the scale-out bench (1-minute average, ${os.cpus().length} CPUs)`,
        value: os.loadavg()[0]!.toFixed(1),
        budget: '-',
        status: '',
      },
    ];
  } finally {
    await s3.close();
    await scratch.drop();
  }
}

if (ranDirectly(import.meta)) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-scale-bench-'));
  try {
    const rows = await benchScaleOut(path.resolve(import.meta.dirname, '..'), workDir);
    console.log(formatTable(rows));
    process.exitCode = rows.some((row) => row.status === 'FAIL') ? 1 : 0;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
