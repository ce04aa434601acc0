// Photo work under a burst: a few at a time, first come first served, and a clear 503 with Retry-After
// when the queue is full or a photo has waited too long.
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { AppError } from '#server/errors.ts';
import { BUSY_MESSAGE, configurePhotoWork, workQueue } from './photo-work-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the photo work queue', () => {
  afterAll(() => configurePhotoWork());

  it('works on at most `concurrency` photos at once and finishes them in order of arrival', async () => {
    const queue = workQueue({ concurrency: 2, maxWaiting: 10, maxWaitMs: 10_000 });
    const finished: number[] = [];
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        queue.run(async () => {
          most = Math.max(most, queue.running);
          await tick();
          finished.push(i);
        }),
      ),
    );
    expect(most).toBe(2);
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('turns work away with 503 and Retry-After when the queue is full or the wait too long', async () => {
    const queue = workQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 50 });
    let release!: () => void;
    const first = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = queue.run(async () => 'second');
    const third = queue.run(async () => 'third');
    await expect(third).rejects.toMatchObject({ statusCode: 503, message: BUSY_MESSAGE });
    const waitedTooLong = await second.catch((error: AppError) => error);
    expect(waitedTooLong).toBeInstanceOf(AppError);
    expect((waitedTooLong as AppError).options.headers).toEqual({ 'Retry-After': '10' });
    release();
    await first;
    expect(await queue.run(async () => 'after')).toBe('after');
  });

  it('a burst of report uploads beyond the queue gets 503 with Retry-After for the excess, never a crawl', async () => {
    const t = await buildTestApp('sqlite', {
      limits: { reportSubmissionsPerHour: 1000, photoWork: { concurrency: 1, maxWaiting: 2, maxWaitMs: 30_000 } },
    });
    try {
      const form = await multipartBody(
        { what3words: 'rally.census.refuse' },
        { photo: { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' } },
      );
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/reports', ...form })),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(3);
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      for (const answer of busy) {
        expect(answer.headers['retry-after']).toBe('10');
        expect(answer.json().message).toBe(BUSY_MESSAGE);
      }
      expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
