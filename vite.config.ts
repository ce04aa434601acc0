// The client build. The SPA lives in src/client; the server serves dist/client in production and
// proxies nothing: in `npm run dev` Vite forwards /api and /photos to the API server.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * Writes /app-shell.json: every script and style of the build, including the chunks loaded on demand,
 * so the service worker (public/sw.js) can cache the whole app while online and open it offline.
 */
function appShellList(): Plugin {
  return {
    name: 'app-shell-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((fileName) => /\.(js|css)$/.test(fileName))
        .sort()
        .map((fileName) => `/${fileName}`);
      this.emitFile({ type: 'asset', fileName: 'app-shell.json', source: `${JSON.stringify(files, null, 2)}\n` });
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), appShellList()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 3000,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/photos': `http://127.0.0.1:${apiPort}`,
    },
  },
});
