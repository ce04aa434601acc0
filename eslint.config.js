// Lint rules, including the one-way import rule: shared <- server, shared <- client,
// never client <-> server, and shared stays free of Node, DOM frameworks, Fastify and the database.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const restrict = (patterns) => ['error', { patterns }];

const clientOnly = {
  group: ['**/server/**', '#server/*', '#tests/*', 'node:*', 'fastify', 'kysely', 'better-sqlite3', 'pg', 'sharp'],
  message: 'Client code may import only src/shared and browser packages.',
};

/**
 * What each client feature offers the others (paths inside its folder); everything else there is its
 * own. A page that shows another feature's card or dialog imports that component; a new entry here is
 * a feature deciding to offer one more piece.
 */
const clientPublicModules = {
  'admin-access': [
    'admin-flag.ts',
    'admin-sign-in-state.ts',
    'api/use-admin-access.ts',
    'components/admin-access-form.tsx',
  ],
  alerts: ['components/alerts-card.tsx', 'components/alerts-summary.tsx'],
  'audit-log': ['components/audit-log-card.tsx'],
  events: ['components/event-dialogs.ts', 'components/my-event-logs-card.tsx', 'components/my-events-card.tsx'],
  location: [
    'api/use-location-provider.ts',
    'components/location-button.tsx',
    'components/suggested-places.tsx',
    'location-errors.ts',
    'use-location-detection.ts',
  ],
  open311: ['components/api-keys-card.tsx', 'components/referrals-card.tsx'],
  privacy: ['components/your-data-card.tsx'],
  reports: [
    'api/use-list-changes.ts',
    'api/use-set-report-status.ts',
    'management/components/management-dashboard.tsx',
    'management/components/manual-report-dialog.tsx',
    'map/load-site-map.ts',
    'map/map-view.ts',
    'map/use-box-size.ts',
    'photo/load-prepare-photo.ts',
  ],
  site: ['components/install-button.tsx', 'components/share-row.tsx'],
  'volunteer-auth': ['api/volunteer-session.ts', 'components/require-volunteer.tsx', 'next-path.ts'],
};

const featuresOf = (side) =>
  readdirSync(`src/${side}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Feature boundaries: a feature's files import another feature only through its public modules. On
 * the server that is the feature's index.ts; on the client, the modules clientPublicModules lists for
 * it (a barrel there would tie every module of a feature to whichever page imports one of them, and
 * the pages are loaded on demand). src/server/app.ts and src/client/app compose the features and may
 * reach any module.
 */
const featureBoundaries = (side, publicModules) => {
  const features = featuresOf(side);
  const entryName = side === 'server' ? 'its index.ts' : 'clientPublicModules in eslint.config.js';
  return features.map((feature) => ({
    target: `src/${side}/features/${feature}`,
    from: `src/${side}/features`,
    except: [
      `./${feature}`,
      ...features
        .filter((other) => other !== feature)
        .flatMap((other) => publicModules(other).map((m) => `./${other}/${m}`)),
    ],
    message: `Import another feature only through its public modules (${entryName}).`,
  }));
};

/**
 * The server's features in rank order, bottom first: a feature imports only features ranked below it
 * (through their public entries), never one at or above its own rank. A new feature takes its place
 * here; lint refuses a feature folder this list does not name.
 */
const serverFloors = [
  'sessions',
  'volunteers',
  'volunteer-auth',
  'admin-access',
  'audit-log',
  'location',
  'photos',
  'achievements',
  'analytics',
  'alerts',
  'reports',
  'cleanups',
  'events',
  'open311',
  'volunteer-dashboard',
  'health',
  'privacy',
];

/**
 * Zones for `import-x/no-restricted-paths` from one side's ranked features: each feature's folder may
 * not import from any feature ranked at or above it. Throws (so lint fails) when a feature folder of
 * that side is missing from the list or the list names one that does not exist.
 */
export function floorZones(side, floors) {
  const folders = featuresOf(side);
  const unranked = folders.filter((feature) => !floors.includes(feature));
  const unknown = floors.filter((feature) => !folders.includes(feature));
  if (unranked.length > 0 || unknown.length > 0)
    throw new Error(
      `The ${side} feature ranks in eslint.config.js must name every feature folder once` +
        (unranked.length ? `; not ranked: ${unranked.join(', ')}` : '') +
        (unknown.length ? `; no such folder: ${unknown.join(', ')}` : ''),
    );
  return floors.flatMap((feature, rank) => {
    const above = floors.slice(rank + 1);
    return above.length === 0
      ? []
      : [
          {
            target: `src/${side}/features/${feature}`,
            from: above.map((other) => `src/${side}/features/${other}`),
            message: `A feature imports only features ranked below it (the ${side} feature ranks in eslint.config.js).`,
          },
        ];
  });
}

/**
 * The client's features in rank order, bottom first, under the same rule as the server's: a feature
 * imports only features ranked below it (through their public modules). Pages that show other
 * features' cards sit at the top; what they show sits below.
 */
const clientFloors = [
  'location',
  'site',
  'admin-access',
  'alerts',
  'audit-log',
  'volunteer-auth',
  'privacy',
  'events',
  'reports',
  'cleanups',
  'volunteer-dashboard',
  'open311',
  'admin-dashboard',
];

/** Playwright reads that return at once, without waiting for the page to reach any state. */
const ONE_TIME_READS =
  '/^(isVisible|isHidden|isEnabled|isDisabled|isChecked|isEditable|count|allTextContents|allInnerTexts|innerText|textContent|inputValue|getAttribute|evaluate|evaluateAll|title|boundingBox)$/';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No import circles in the app: a module never reaches itself through what it imports.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureBoundaries('server', () => ['index.ts']),
            ...featureBoundaries('client', (f) => clientPublicModules[f] ?? []),
            ...floorZones('server', serverFloors),
            ...floorZones('client', clientFloors),
            {
              // Their tests may build a feature beside them, as app.ts does.
              target: './src/server/{db,http,mail,plugins,jobs}/**/!(*.test).ts',
              from: './src/server/features',
              message:
                'The floors below the features (db, http, mail, plugins, jobs) never import a feature: the feature imports them, or app.ts wires the two.',
            },
          ],
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict([clientOnly]),
    },
  },
  {
    // The client's lib is what components stand on (the api, the toast store, browser helpers): it
    // never reaches up into components, neither the UI kit nor a feature's.
    files: ['src/client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        clientOnly,
        {
          group: ['**/components/**', '#client/components/**', '#client/features/**', '**/features/**'],
          message: 'src/client/lib never imports components or features: move what both need into lib.',
        },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/client/**', '#client/*', 'react', 'react-dom', '@tanstack/*', 'wouter', '@radix-ui/*'],
          message: 'Server code may not import client code or browser frameworks.',
        },
      ]),
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: [
            '**/server/**',
            '**/client/**',
            '#server/*',
            '#client/*',
            '#tests/*',
            'node:*',
            'fastify',
            'fastify-*',
            '@fastify/*',
            'kysely',
            'better-sqlite3',
            'pg',
            'sharp',
            'react',
            'react-dom',
          ],
          message: 'src/shared is pure TypeScript: no Node, DOM framework, Fastify or database imports.',
        },
      ]),
    },
  },
  {
    // A browser test waits for what a person would see, never for time: a fixed pause is too short on
    // a busy machine and wasted on an idle one.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for what the user would see (a locator, expect.poll, the Playwright clock), not for time.',
        },
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
          message: 'Wait for what the user would see (a locator, expect.poll, the Playwright clock), not for time.',
        },
        {
          // expect(await locator.count()) reads the page once, maybe before the server's answer has
          // arrived; expect.poll reads it again until it holds, and costs nothing when it already does.
          selector: `CallExpression[callee.name='expect'] AwaitExpression > CallExpression[callee.property.name=${ONE_TIME_READS}]`,
          message:
            'A one-time read of the page races what is still arriving: use await expect.poll(() => ...) or locator.waitFor().',
        },
        {
          // expect((await words())[0]): the first of a list read once.
          selector:
            "CallExpression[callee.name='expect'] > MemberExpression[computed=true][object.type='AwaitExpression']",
          message:
            'A one-time read of the page races what is still arriving: use await expect.poll(async () => (await ...)[i]).',
        },
      ],
    },
  },
);
