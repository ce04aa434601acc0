// Builds the client for production into a folder (dist/client unless told otherwise).
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

export async function buildClient(outDir?: string): Promise<void> {
  // Vite builds React's development edition when NODE_ENV says anything but production, and Vitest
  // sets it to 'test': the browser tests must run against what `npm run build` ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
