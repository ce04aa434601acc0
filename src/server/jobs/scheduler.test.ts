// The periodic jobs: started ones run on their interval without overlapping themselves, a failure is
// recorded and run again later, stop stops them, and a job never started never runs.
import { describe, expect, it } from 'vitest';
import { jobScheduler } from './scheduler.ts';

const silent = { error: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('periodic jobs', () => {
  it('a started job runs again and again, one run at a time, until stopped; an unstarted one never runs', async () => {
    let runs = 0;
    let running = 0;
    let overlapped = false;
    let idle = 0;
    const jobs = jobScheduler(
      [
        {
          name: 'counted',
          everyMs: 5,
          firstMs: 0,
          async run() {
            overlapped ||= running > 0;
            running++;
            await pause(15);
            running--;
            runs++;
          },
        },
        { name: 'idle', everyMs: 5, run: async () => idle++ },
      ],
      silent,
    );
    jobs.start(['counted']);
    await expect.poll(() => runs).toBeGreaterThanOrEqual(3);
    await jobs.stop();
    const after = runs;
    await pause(50);
    expect(runs - after).toBeLessThanOrEqual(1); // the run in flight at the stop may finish
    expect(overlapped).toBe(false);
    expect(idle).toBe(0);
    expect(jobs.status().map((s) => [s.name, s.lastRunAt !== null])).toEqual([
      ['counted', true],
      ['idle', false],
    ]);
  });

  it('a failed run is recorded and the job runs again; run() answers what the job did', async () => {
    let calls = 0;
    const jobs = jobScheduler(
      [
        {
          name: 'flaky',
          everyMs: 5,
          firstMs: 0,
          async run() {
            if (++calls === 1) throw new Error('not this time');
            return calls;
          },
        },
      ],
      silent,
    );
    await expect(jobs.run('flaky')).rejects.toThrow('not this time');
    expect(jobs.status()[0]!.lastRunFailed).toBe(true);
    jobs.start();
    await expect.poll(() => calls).toBeGreaterThanOrEqual(3);
    await jobs.stop();
    expect(jobs.status()[0]!.lastRunFailed).toBe(false);
    await expect(jobs.run('flaky')).resolves.toBeGreaterThan(3);
    expect(() => jobs.run('missing')).toThrow('no job named missing');
  });
});
