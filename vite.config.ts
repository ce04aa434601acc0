// The client build. The SPA lives in src/client; the server serves dist/client in production and
// proxies nothing: in `npm run dev` Vite forwards /api and /photos to the API server.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|wouter|regexparam|use-sync-external-store)[\\/]/;
// Parts of the query cache only some screens use (several queries at once, pages of a list): they go
// with those screens, not into every page's first bundle.
// How the app calls its API (the typed calls and the routes of the home page's features): every screen
// loads it, so it goes with the framework; left to itself the bundler cut it into chunks of a few hundred
// bytes each, and smaller chunks compress worse.
const EVERY_SCREENS_CALLS =
  /src[\\/](client[\\/]lib[\\/]api(-client)?\.ts|shared[\\/]contracts[\\/]http\.ts|shared[\\/]domain[\\/]limits\.ts|(shared[\\/]contracts[\\/]routes|client[\\/]lib[\\/]calls)[\\/](reports|report-follow-up|location|admin-access)\.ts)$/;
// Every other feature's routes and calls: one chunk that the screens past the home page share.
const OTHER_CALLS = /src[\\/](shared[\\/]contracts[\\/]routes|client[\\/]lib[\\/]calls)[\\/]/;
const ON_DEMAND_QUERY_PARTS = /[\\/](queriesObserver|useQueries|infiniteQueryObserver|useInfiniteQuery)\.js$/;

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/client/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (src/client/sw/sw.ts) is built by Workbox's injectManifest: the build puts the
    // list of its own files into the worker, so the whole app, including the chunks loaded on demand, is
    // cached while online and opens offline. The manifest and the worker's registration are our own.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The plugin builds the worker as one file with Rollup's old option for it, which Rolldown warns
        // about on every build: it is said the current way instead.
        buildPlugins: { vite: [workerInOneFile()] },
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The map's library (with its worker) is left out: every visitor's worker would fetch some 300 kB
        // for a page few open, and a map without a network has no basemap or sites to draw anyway.
        globIgnores: ['**/site-map-*.{js,css}'],
        // The largest chunk is the administrators' dashboard; the precache takes every file.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
    // Each file the server sends as it is, written beside itself as .br and .gz once, at the build.
    precompress(),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // The maps are written beside the chunks for whoever debugs a build, without the comment naming them
    // at the end of every chunk: with some thirty chunks on a screen those lines were about 1 kB of gzip.
    sourcemap: 'hidden',
    // The map's chunk is MapLibre GL JS whole, past the default warning's size. It loads only on a map
    // screen, after that screen's list has drawn; every other chunk stays far below this.
    chunkSizeWarningLimit: 1200,
    target: 'es2022',
    // .vite/manifest.json: which files each screen's code needs, so the server can ask for them with
    // the page (src/server/client-shell.ts).
    manifest: true,
    // No modulepreload polyfill in the home page's bundle: a browser without modulepreload (Safari before
    // 17, Firefox before 115) loads the same modules, only without that head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every screen runs (React, the query cache, the router) in one chunk: left to itself the
        // bundler cut it into small shared chunks by which lazy screens used each part, each loaded
        // with the first page anyway, and smaller chunks compress worse.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) =>
                (FRAMEWORK.test(id) && !ON_DEMAND_QUERY_PARTS.test(id)) || EVERY_SCREENS_CALLS.test(id),
            },
            { name: 'calls', test: (id: string) => OTHER_CALLS.test(id) && !EVERY_SCREENS_CALLS.test(id) },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/photos': `http://127.0.0.1:${apiPort}`,
    },
  },
});

/** The service worker's build, as one file, written with Rolldown's `codeSplitting: false`. */
function workerInOneFile(): Plugin {
  return {
    name: 'service-worker-in-one-file',
    config(config) {
      const output = config.build?.rollupOptions?.output;
      if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
        delete output.inlineDynamicImports;
        Object.assign(output, { codeSplitting: false });
      }
    },
  };
}
