// The server's own work on one phone photo (sniff, header check, GPS, decode, web copy, thumbnail),
// timed in this process beside the least any pipeline can do with sharp on the same photo: one decode,
// one resize and one JPEG encode, with nothing else.
import sharp from 'sharp';
import { WEB_PHOTO_LONG_EDGE } from '#shared/domain/limits.ts';
import { processPhoto } from '#server/features/photos/photo-pipeline.ts';
import { percentile } from './table.ts';

const RUNS = 9;

export interface PipelineFigures {
  pipelineMedianMs: number;
  bareSharpMedianMs: number;
  webBytes: number;
}

async function medianOf(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm-up: sharp's threads and the code paths
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return percentile(times, 0.5);
}

export async function benchPhotoPipeline(photo: Buffer): Promise<PipelineFigures> {
  let webBytes = 0;
  const pipelineMedianMs = await medianOf(RUNS, async () => {
    webBytes = (await processPhoto(photo)).web.length;
  });
  const bareSharpMedianMs = await medianOf(RUNS, () =>
    sharp(photo)
      .resize({ width: WEB_PHOTO_LONG_EDGE, height: WEB_PHOTO_LONG_EDGE, fit: 'inside' })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
  return { pipelineMedianMs, bareSharpMedianMs, webBytes };
}
