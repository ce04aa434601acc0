// The ranked server and client features, as lint enforces them: a feature's file that imports a feature ranked
// above it is refused, one that imports a feature ranked below it passes, and a feature folder missing
// from the ranks stops lint altogether.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The zone generator the lint config exports (the config is plain JavaScript, read here untyped). */
type FloorZones = (side: string, floors: string[]) => unknown[];
const { floorZones } = (await import(pathToFileURL(resolve('eslint.config.js')).href)) as { floorZones: FloorZones };

const FLOOR_RULE = 'import-x/no-restricted-paths';
const serverFeature = (name: string) => `src/server/features/${name}/floor-fixture.ts`;

describe('ranked server features', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: process.cwd() });
  });

  async function floorMessages(filePath: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((message) => message.ruleId === FLOOR_RULE).map((message) => message.message);
  }

  it('refuses a feature importing one ranked above it (photos lies below reports)', async () => {
    const messages = await floorMessages(
      serverFeature('photos'),
      "export { reportsRepository } from '#server/features/reports/index.ts';\n",
    );
    expect(messages).toEqual([expect.stringContaining('A feature imports only features ranked below it')]);
  });

  it('lets a feature import one ranked below it through its index.ts', async () => {
    const messages = await floorMessages(
      serverFeature('reports'),
      "export { photoUrls } from '#server/features/photos/index.ts';\n",
    );
    expect(messages).toEqual([]);
  });

  it('refuses a floor below the features importing one, even for a type (plugins lie below sessions)', async () => {
    const messages = await floorMessages(
      'src/server/plugins/floor-fixture.ts',
      "export type { SessionsRepository } from '#server/features/sessions/sessions.repository.ts';\n",
    );
    expect(messages).toEqual([expect.stringContaining('The floors below the features')]);
  });

  it('stops lint when a feature folder is missing from the ranks', () => {
    expect(() => floorZones('server', ['sessions', 'volunteers'])).toThrow(/not ranked: .*reports/);
  });
});

const clientFeature = (name: string) => `src/client/features/${name}/components/floor-fixture.tsx`;

describe('ranked client features', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: process.cwd() });
  });

  async function floorMessages(filePath: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((message) => message.ruleId === FLOOR_RULE).map((message) => message.message);
  }

  it('refuses a feature importing one ranked above it (events lies below reports)', async () => {
    const messages = await floorMessages(
      clientFeature('events'),
      "export { ManagementDashboard } from '#client/features/reports/management/components/management-dashboard.tsx';\n",
    );
    expect(messages).toEqual([expect.stringContaining('A feature imports only features ranked below it')]);
  });

  it('lets a feature import a public module of one ranked below it', async () => {
    const messages = await floorMessages(
      clientFeature('reports'),
      "export { AddEventDialog } from '#client/features/events/components/event-dialogs.ts';\n",
    );
    expect(messages).toEqual([]);
  });

  it('refuses a floor below the features importing one, even for a type (plugins lie below sessions)', async () => {
    const messages = await floorMessages(
      'src/server/plugins/floor-fixture.ts',
      "export type { SessionsRepository } from '#server/features/sessions/sessions.repository.ts';\n",
    );
    expect(messages).toEqual([expect.stringContaining('The floors below the features')]);
  });

  it('stops lint when a feature folder is missing from the ranks', () => {
    expect(() => floorZones('client', ['location', 'site'])).toThrow(/not ranked: .*reports/);
  });
});
