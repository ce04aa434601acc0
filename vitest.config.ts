import { defineConfig } from 'vitest/config';

// Limits are generous on purpose: the suite runs on developers' own machines, often busy, where a test
// may run several times slower than on an idle one. Tests wait for events, not for time, so on an idle
// machine they end as soon as the thing they wait for happens; a limit only decides how long a real
// failure takes to report.
const slowMachine = {
  expect: { poll: { timeout: 20_000 } },
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit-api',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          ...slowMachine,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          ...slowMachine,
        },
      },
    ],
  },
});
