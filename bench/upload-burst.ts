// 200 phones uploading at once (a community clean-up day): each upload comes from its own client
// behind the bench's trusted proxy address (X-Forwarded-For), so the per-client hourly allowance is
// not what is measured. Reports the time to the first answer, p50 and p99 of all answers, and how
// many were accepted (201) or asked to retry (503 with Retry-After) by the photo queue.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { noisePicture } from '#tests/fixture-photos.ts';

export interface BurstFigures {
  uploads: number;
  photoBytes: number;
  firstAnswerMs: number;
  p50Ms: number;
  p99Ms: number;
  statusCounts: Record<string, number>;
  /** Whether every 503 carried Retry-After. */
  retryAfterOn503: boolean;
}

/** A 1600x1200 camera-like JPEG (about 600 kB): a phone photo after the browser's own resize. */
export async function burstPhoto(): Promise<Buffer> {
  return noisePicture(1600, 1200, 13).jpeg({ quality: 88 }).toBuffer();
}

export async function uploadBurst(baseUrl: string, photo: Buffer, uploads = 200): Promise<BurstFigures> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: uploads });
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: uploads }, async (_, i) => {
      const answer = await postReport(baseUrl, agent, photo, {
        idempotencyKey: `burst-${i}-${randomUUID()}`,
        filename: `IMG_${i}.jpg`,
        forwardedFor: `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      });
      if (answer.status === 'error') throw new Error(`Upload ${i} got no answer`);
      return { ...answer, ms: answer.doneAt - started };
    }),
  );
  agent.destroy();
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const statusCounts: Record<string, number> = {};
  for (const answer of answers) statusCounts[answer.status] = (statusCounts[answer.status] ?? 0) + 1;
  return {
    uploads,
    photoBytes: photo.length,
    firstAnswerMs: times[0]!,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    statusCounts,
    retryAfterOn503: answers.every((a) => a.status !== 503 || a.retryAfter),
  };
}

export interface ReportAnswer {
  status: number | 'error';
  retryAfter: boolean;
  /** `performance.now()` when the answer ended (or the request failed). */
  doneAt: number;
}

/**
 * One report as the app's form sends it (POST /api/reports, multipart) with `photo`, from the client
 * address `forwardedFor` behind the bench server's trusted proxy, so no client's hourly allowance
 * runs out. A request that gets no answer resolves with status 'error'.
 */
export function postReport(
  baseUrl: string,
  agent: http.Agent,
  photo: Buffer,
  {
    idempotencyKey,
    filename = 'photo.jpg',
    forwardedFor,
  }: { idempotencyKey: string; filename?: string; forwardedFor: string },
): Promise<ReportAnswer> {
  const boundary = 'bench-report-boundary';
  // Waverley station: a real location, since the server checks the words of every report.
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="what3words"\r\n\r\npilot.ginger.gaze\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="idempotencyKey"\r\n\r\n${idempotencyKey}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve) => {
    const request = http.request(
      `${baseUrl}/api/reports`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': payload.length,
          'x-forwarded-for': forwardedFor,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            retryAfter: response.headers['retry-after'] !== undefined,
            doneAt: performance.now(),
          }),
        );
      },
    );
    request.on('error', () => resolve({ status: 'error', retryAfter: false, doneAt: performance.now() }));
    request.end(payload);
  });
}
