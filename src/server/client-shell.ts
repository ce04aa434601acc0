// The page every client path is answered with: the built index.html, plus a `modulepreload` link for
// each file of the code the screen at that path needs. Screens other than the home page load on
// demand, so without the links the browser only learns of a screen's code once the first bundle has
// arrived and run, and then fetches it: one more round trip before anything of the screen shows.
// With them it fetches both at once. The files come from the build's manifest (`.vite/manifest.json`).
// An administrator's screen with the report list also names the two answers it waits for, so they
// are asked for with the page too.
import fs from 'node:fs';
import path from 'node:path';
import { adminOpeningUrls } from '#shared/contracts/admin-opening.ts';
import { opensReportList, screenAt, type OnDemandScreen } from '#shared/screens.ts';
import { escapeHtml } from './mail/escape-html.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Each on-demand screen's module, as the client's router loads it (src/client/app/app.tsx). */
const screenModules: Readonly<Record<OnDemandScreen, string>> = {
  about: 'features/site/components/about-page.tsx',
  find: 'features/cleanups/components/find-page.tsx',
  signIn: 'features/volunteer-auth/components/sign-in-page.tsx',
  signInLink: 'features/volunteer-auth/components/sign-in-link-page.tsx',
  volunteerDashboard: 'features/volunteer-dashboard/components/volunteer-dashboard-page.tsx',
  management: 'features/admin-dashboard/components/management-page.tsx',
  adminDashboard: 'features/admin-dashboard/components/admin-dashboard-page.tsx',
  events: 'features/events/components/events-page.tsx',
  event: 'features/events/components/event-page.tsx',
  privacy: 'features/privacy/components/privacy-page.tsx',
  performance: 'features/site/components/performance-page.tsx',
  reportStatus: 'features/reports/follow-up/components/report-status-page.tsx',
  checkIn: 'features/events/components/check-in-page.tsx',
  checkInScreen: 'features/admin-dashboard/components/check-in-screen.tsx',
  verify: 'features/volunteer-dashboard/components/verify-page.tsx',
  map: 'features/reports/map/components/map-page.tsx',
  notFound: 'features/site/components/not-found-page.tsx',
};

export interface ClientShell {
  /**
   * The HTML for a client path, for an administrator or anyone else. The router decides who is an
   * administrator by the administrator's flag; the server, by the administrator's session cookie:
   * only what the page asks for early depends on it.
   */
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

  function pageFor(module: string, withAdminData: boolean): string {
    const key = `${module} ${withAdminData}`;
    let page = pages.get(key);
    if (page === undefined) {
      const links = [...closure(manifest, [module])]
        .filter((chunk) => !inIndex.has(chunk))
        .map((chunk) => `<link rel="modulepreload" crossorigin href="/${manifest[chunk]!.file}">`);
      page = links.length === 0 ? index : index.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      if (withAdminData) {
        // Before the scripts: over HTTP/1.1 the browser's few connections to the server go to what
        // the page names first, and the screen shows nothing before these answers.
        const data = adminOpeningUrls.map(
          (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}">`,
        );
        page = page.replace(/(\s*)<script /, (_, space: string) => `${space}${data.join(space)}${space}<script `);
      }
      pages.set(key, page);
    }
    return page;
  }

  return {
    htmlFor(urlPath, administrator = false) {
      const screen = screenAt(urlPath, administrator);
      const module = screen && screenModules[screen];
      if (!module || !manifest[module]) return index;
      return pageFor(module, administrator && opensReportList(screen));
    },
    unknownModules() {
      return Object.values(screenModules).filter((module) => !manifest[module]);
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
