// What the browser tests of a volunteer's record share: a browser and a fresh server for the
// describe, pages whose contexts close after each test (a visitor's, an administrator's, or a signed-in
// volunteer's), and MUCU events and attendances written straight into the server's database.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Db } from '#server/db/client.ts';
import { volunteerSession } from '#tests/sessions.ts';
import {
  launchBrowser,
  newAdminPage,
  newPage,
  PHONE,
  startServer,
  WITHOUT_SERVICE_WORKER,
  type RunningServer,
  type ServerOptions,
} from './browser.ts';

type Viewport = { width: number; height: number };

export interface RecordHarness {
  readonly browser: Browser;
  readonly server: RunningServer;
  /** A visitor's page, not signed in. */
  page(viewport?: Viewport): Promise<Page>;
  /** An administrator's page. */
  adminPage(viewport?: Viewport): Promise<Page>;
  /**
   * A page signed in as this volunteer (registered at first use, this year's safety briefing accepted
   * unless `briefing` is false), optionally somewhere in the city.
   */
  volunteerPage(
    email: string,
    options?: { viewport?: Viewport; at?: { latitude: number; longitude: number }; briefing?: boolean },
  ): Promise<{ page: Page; volunteerId: number }>;
}

/**
 * Starts a browser and a server for the enclosing describe; every page's context closes after each test.
 * Options the server needs from an earlier `beforeAll` (a fake SMTP server's address) are given as a function.
 */
export function useRecordHarness(options: ServerOptions | (() => ServerOptions) = {}): RecordHarness {
  let started: { browser: Browser; server: RunningServer } | undefined;
  beforeAll(async () => {
    const [browser, server] = await Promise.all([
      launchBrowser(),
      startServer(typeof options === 'function' ? options() : options),
    ]);
    started = { browser, server };
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.server.close();
  });
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  const running = () => {
    if (!started) throw new Error('the browser and server start before the tests');
    return started;
  };
  return {
    get browser() {
      return running().browser;
    },
    get server() {
      return running().server;
    },
    async page(viewport = PHONE) {
      const { context, page } = await newPage(running().browser, viewport);
      contexts.push(context);
      return page;
    },
    async adminPage(viewport = PHONE) {
      const { context, page } = await newAdminPage(running().browser, running().server, viewport);
      contexts.push(context);
      return page;
    },
    async volunteerPage(email, { viewport = PHONE, at, briefing = true } = {}) {
      const { browser, server } = running();
      const { cookies, volunteerId } = await volunteerSession(server.database, email);
      if (!briefing)
        await server.database.db.deleteFrom('volunteer_safety').where('volunteer_id', '=', volunteerId).execute();
      const context = await browser.newContext({
        ...WITHOUT_SERVICE_WORKER,
        viewport,
        deviceScaleFactor: 1,
        locale: 'en-GB',
        ...(at ? { geolocation: at, permissions: ['geolocation'] } : {}),
      });
      contexts.push(context);
      await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url })));
      return { page: await context.newPage(), volunteerId };
    },
  };
}

/** A MUCU event named after its place, that started `startedAgoMs` ago. */
export async function insertEvent(db: Db, location: string, startedAgoMs: number): Promise<number> {
  const row = await db
    .insertInto('mucu_events')
    .values({
      name: `${location} MUCU`,
      location,
      date: new Date(Date.now() - startedAgoMs).toISOString(),
      description: null,
      maps_link: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records the volunteer as attending the event. */
export async function insertAttendance(db: Db, eventId: number, volunteerId: number): Promise<void> {
  await db
    .insertInto('mucu_attendances')
    .values({ mucu_id: eventId, volunteer_id: volunteerId, notes: null, created_at: new Date().toISOString() })
    .execute();
}
