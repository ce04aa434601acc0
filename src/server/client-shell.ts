// The page every client path is answered with: the built index.html, plus a `modulepreload` link for
// each file of the code the screen at that path needs. Screens other than the home page load on
// demand, so without the links the browser only learns of a screen's code once the first bundle has
// arrived and run, and then fetches it: one more round trip before anything of the screen shows.
// With them it fetches both at once. The files come from the build's manifest (`.vite/manifest.json`).
import fs from 'node:fs';
import path from 'node:path';
import { eventPagePath, plainClientPath, reportStatusPath, routes } from '#shared/routes.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Each screen's module, as the client's router loads it on demand (src/client/app/app.tsx), keyed by
 * one of its paths. The home page is in the first bundle.
 */
export const screenModules: readonly { paths: readonly string[]; module: string }[] = [
  { paths: [routes.about], module: 'features/site/components/about-page.tsx' },
  { paths: routes.find, module: 'features/cleanups/components/find-page.tsx' },
  { paths: routes.signIn, module: 'features/volunteer-auth/components/sign-in-page.tsx' },
  { paths: [routes.signInLink], module: 'features/volunteer-auth/components/sign-in-link-page.tsx' },
  { paths: routes.volunteerDashboard, module: 'features/volunteer-dashboard/components/volunteer-dashboard-page.tsx' },
  { paths: [routes.adminDashboard], module: 'features/admin-dashboard/components/admin-dashboard-page.tsx' },
  { paths: [routes.events], module: 'features/events/components/events-page.tsx' },
  { paths: [routes.privacy], module: 'features/privacy/components/privacy-page.tsx' },
];

/**
 * Screens an administrator gets at a path where everyone else gets another one (the router decides by
 * the administrator's flag; the server, by the administrator's session cookie: only which files the
 * page asks for early depends on it).
 */
export const administratorModules: readonly { paths: readonly string[]; module: string }[] = [
  { paths: ['/volunteer-dashboard'], module: 'features/admin-dashboard/components/management-page.tsx' },
];

/** Screens at paths with a parameter: recognised by the first part of the path. */
const patternModules: readonly { prefix: string; module: string }[] = [
  { prefix: eventPagePath(''), module: 'features/events/components/event-page.tsx' },
  { prefix: reportStatusPath(''), module: 'features/report-follow-up/components/report-status-page.tsx' },
];

export function moduleOfPath(urlPath: string, administrator = false): string | undefined {
  const plain = plainClientPath(urlPath);
  return (
    (administrator ? administratorModules.find(({ paths }) => paths.includes(plain))?.module : undefined) ??
    screenModules.find(({ paths }) => paths.includes(plain))?.module ??
    patternModules.find(({ prefix }) => plain.startsWith(prefix))?.module
  );
}

export interface ClientShell {
  /** The HTML for a client path, for an administrator or anyone else. */
  htmlFor(urlPath: string, administrator?: boolean): string;
  /** The screen modules the build's manifest does not know (none when the table above is right). */
  unknownModules(): string[];
}

export function clientShell(clientDir: string): ClientShell {
  const index = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : {};
  // What index.html loads already: the entry and everything it imports.
  const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const inIndex = closure(manifest, entry);
  const pages = new Map<string, string>();

  function pageFor(module: string): string {
    let page = pages.get(module);
    if (page === undefined) {
      const links = [...closure(manifest, [module])]
        .filter((key) => !inIndex.has(key))
        .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
      page = links.length === 0 ? index : index.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      pages.set(module, page);
    }
    return page;
  }

  return {
    htmlFor(urlPath, administrator = false) {
      const module = moduleOfPath(urlPath, administrator);
      return module && manifest[module] ? pageFor(module) : index;
    },
    unknownModules() {
      return [screenModules, administratorModules, patternModules]
        .flatMap((table) => table.map(({ module }) => module))
        .filter((module) => !manifest[module]);
    },
  };
}

/** The chunks `keys` need before they run: themselves and their static imports, all the way down. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}
