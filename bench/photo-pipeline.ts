// The server's own work on one photo (sniff, header check, GPS, decode, web copy, thumbnail), timed in
// this process beside the least any pipeline can do with sharp on the same photo: one decode, one
// resize and one JPEG encode at the web copy's settings, with nothing else. The two are run in turns
// (pipeline, bare sharp, pipeline, ...) so a busy moment on the shared machine falls on both alike, and
// the budget is the median of each turn's ratio of the two; the process's CPU time for each is kept
// beside the wall time, since on a loaded machine the wall time is mostly waiting.
//
// Photos: the 4 MB camera photo as taken (photo-upload.ts's phonePhoto: 4000 x 3000 noise at quality
// 90, with EXIF and GPS), which the pipeline decodes, shrinks and encodes; and, when given, the same
// scene as the phone prepares it (upload-rate.ts: 2048 px, within 450 kB), which it encodes again at
// its own quality, without resizing.
import sharp from 'sharp';
import { WEB_PHOTO_LONG_EDGE } from '#shared/domain/limits.ts';
import { processPhoto } from '#server/features/photos/photo-pipeline.ts';
import { median } from './table.ts';

const RUNS = 15;

export interface PipelineFigures {
  pipelineMedianMs: number;
  bareSharpMedianMs: number;
  /** The median over the turns of the pipeline's time over bare sharp's in the same turn. */
  ratioToBareSharp: number;
  /** Median CPU time of this process (every libvips thread included) per photo. */
  pipelineCpuMs: number;
  bareSharpCpuMs: number;
  webBytes: number;
  /** The phone-prepared photo through the pipeline (encoded again at its own quality), when one was given. */
  prepared?: { pipelineMedianMs: number; bareSharpMedianMs: number; webBytes: number };
}

/** Median wall and CPU times of `runs` runs of each piece of work, run in turns after one warm-up each. */
async function mediansInTurns(
  runs: number,
  works: (() => Promise<unknown>)[],
): Promise<{ wallMs: number; cpuMs: number; ratioToSecond: number }[]> {
  for (const work of works) await work(); // warm-up: sharp's threads and the code paths
  const wall = works.map((): number[] => []);
  const cpu = works.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, work] of works.entries()) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await work();
      wall[index]!.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu[index]!.push((used.user + used.system) / 1000);
    }
  }
  const ratios = wall[0]!.map((first, turn) => first / (wall[1]?.[turn] ?? first));
  return works.map((_, index) => ({
    wallMs: median(wall[index]!),
    cpuMs: median(cpu[index]!),
    ratioToSecond: median(ratios),
  }));
}

const bareSharp = (photo: Buffer) => () =>
  sharp(photo)
    .resize({ width: WEB_PHOTO_LONG_EDGE, height: WEB_PHOTO_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80, optimiseCoding: true })
    .toBuffer();

export async function benchPhotoPipeline(photo: Buffer, prepared?: Buffer): Promise<PipelineFigures> {
  let webBytes = 0;
  const [pipeline, bare] = await mediansInTurns(RUNS, [
    async () => (webBytes = (await processPhoto(photo)).web.length),
    bareSharp(photo),
  ]);
  const figures: PipelineFigures = {
    pipelineMedianMs: pipeline!.wallMs,
    bareSharpMedianMs: bare!.wallMs,
    ratioToBareSharp: pipeline!.ratioToSecond,
    pipelineCpuMs: pipeline!.cpuMs,
    bareSharpCpuMs: bare!.cpuMs,
    webBytes,
  };
  if (prepared) {
    let preparedWebBytes = 0;
    const [kept, keptBare] = await mediansInTurns(RUNS, [
      async () => (preparedWebBytes = (await processPhoto(prepared)).web.length),
      bareSharp(prepared),
    ]);
    figures.prepared = {
      pipelineMedianMs: kept!.wallMs,
      bareSharpMedianMs: keptBare!.wallMs,
      webBytes: preparedWebBytes,
    };
  }
  return figures;
}
