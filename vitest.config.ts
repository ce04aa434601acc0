import { defineConfig } from 'vitest/config';

// Limits are generous on purpose: the suite runs on developers' own machines, often busy, where a test
// may run several times slower than on an idle one. Tests wait for events, not for time, so on an idle
// machine they end as soon as the thing they wait for happens; a limit only decides how long a real
// failure takes to report.
const slowMachine = {
  expect: { poll: { timeout: 20_000 } },
} as const;

// A worker keeps the modules it has loaded from one test file to the next instead of loading Fastify,
// sharp, Kysely and Playwright again for each of seventy files (that was a quarter of the run). Each
// file still builds its own app, database, server and browser in its hooks, and no test mocks a module,
// stubs the environment or fakes the clock globally, so nothing one file changes outlives it.
const sharedModules = { isolate: false } as const;

const browserTests = {
  environment: 'node' as const,
  globalSetup: ['e2e/global-setup.ts'],
  testTimeout: 180_000,
  hookTimeout: 240_000,
  ...slowMachine,
  ...sharedModules,
};
/** Browser tests that time what a person on a slow phone would wait. */
const TIMED = ['e2e/report-on-a-weak-signal.spec.ts', 'e2e/photo-preparation-worker.spec.ts'];

export default defineConfig({
  test: {
    // Two files at a time, from the first two projects together. Vitest's own default is one worker fewer than
    // the cores (one, on a two-core machine), and a project that runs its files one at a time is put in
    // a group of its own that starts only after every other file has finished: either way the whole
    // suite ran one file at a time. Much of a browser test is waiting (for Chromium, a poll, a retry),
    // which a second file fills. Each browser file starts its own server on its own database, so two of
    // them never meet.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit-api',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          ...slowMachine,
          ...sharedModules,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          exclude: TIMED,
          ...browserTests,
        },
      },
      {
        // The browser tests that hold a time on an emulated slow phone, whose slowdown multiplies
        // whatever else the machine does: one at a time, in a group of their own after every other file.
        test: {
          name: 'e2e-timed',
          include: TIMED,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          ...browserTests,
        },
      },
    ],
  },
});
