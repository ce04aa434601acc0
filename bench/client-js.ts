// The JavaScript the home page loads before first interaction: the module scripts and modulepreload
// links of the built index.html, each gzipped at level 9 and summed. Lazy chunks are not counted.
//
// The client is built fresh into the bench's temporary folder from the current sources, so the figure
// is never that of a stale dist/client, and a build never disturbs a dist/client someone is serving.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import zlib from 'node:zlib';

const BUILD_TIMEOUT_MS = 120_000;

export interface InitialJs {
  gzipBytes: number;
  files: { file: string; gzipBytes: number }[];
}

export async function buildClient(repoRoot: string, outDir: string): Promise<void> {
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  try {
    await promisify(execFile)(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: repoRoot,
        env: { ...process.env, NO_COLOR: '1' },
        timeout: BUILD_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    const lines = stripVTControlCharacters(stderr?.trim() || message)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !/^(✗\s*)?build failed|^error during build/i.test(line));
    const reason = lines.find((line) => /error|could not|cannot/i.test(line)) ?? lines[0] ?? message;
    throw new Error(`client build failed: ${reason.slice(0, 200)}`, { cause: error });
  }
}

export function measureInitialJs(clientDir: string): InitialJs {
  const indexPath = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`no ${indexPath}`);
  const html = fs.readFileSync(indexPath, 'utf8');
  const files = initialScriptUrls(html).map((url) => {
    const file = path.join(clientDir, url.replace(/^\//, ''));
    if (!fs.existsSync(file)) throw new Error(`index.html loads ${url}, which the build does not hold`);
    return {
      file: path.relative(clientDir, file),
      gzipBytes: zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length,
    };
  });
  if (files.length === 0) throw new Error('index.html loads no module script');
  return { gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), files };
}

/** The same-origin URLs of `<script type="module" src>` and `<link rel="modulepreload" href>`. */
function initialScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attrs = attributes(tag);
    const isModuleScript = /^<script/i.test(tag) && attrs.type === 'module' && attrs.src;
    const isPreload = /^<link/i.test(tag) && attrs.rel?.split(/\s+/).includes('modulepreload') && attrs.href;
    const url = isModuleScript ? attrs.src : isPreload ? attrs.href : undefined;
    if (url && !/^[a-z]+:|^\/\//i.test(url)) urls.add(url.split(/[?#]/)[0]!);
  }
  return [...urls];
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name, , doubleQuoted, singleQuoted, bare] of tag.matchAll(
    /([\w-]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
  )) {
    out[name!.toLowerCase()] = doubleQuoted ?? singleQuoted ?? bare ?? '';
  }
  return out;
}
