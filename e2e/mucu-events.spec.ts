// A newcomer finds the next MUCU event from the About page, says 'I'll be there' (signing in with the
// e-mailed code on the way and coming back to the event), and sees it on their dashboard; then an
// administrator sees them in Manage MUCU Events and records their attendance in one step. The new
// pages are checked with axe and photographed at 390 and 1280 px. Once an event's places are taken,
// answers join a waiting list that moves up when someone drops out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { smtpMailer } from '#server/mail/mailer.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { readSignInMail } from '#tests/volunteers.ts';
import {
  DESKTOP,
  newAdminPage,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  launchBrowser,
  newPage,
  screenshot,
  startServer,
  toasts,
  type RunningServer,
} from './support/browser.ts';

const DAY = 24 * 3600_000;
const EMAIL = 'newcomer@example.org';

/** An instant `days` from now at 10:00 UTC, as the server stores it. */
function daysAhead(days: number): string {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(10, 0, 0, 0);
  return at.toISOString();
}

describe.skipIf(!hasChromium)('MUCU events people can find and join', () => {
  let browser: Browser;
  let server: RunningServer;
  let smtp: FakeSmtp;
  const ids: Record<'next' | 'later' | 'past', number> = { next: 0, later: 0, past: 0 };

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({
        mailer: smtpMailer(smtp.url, 'Clean Up Edinburgh <no-reply@cleanupedinburgh.org>', { ignoreTLS: true }),
      }),
    ]);
    const add = async (fields: {
      location: string;
      date: string;
      description?: string;
      mapsLink?: string;
      capacity?: number;
    }) =>
      (
        await server.database.db
          .insertInto('mucu_events')
          .values({
            name: `${fields.location} MUCU`,
            location: fields.location,
            date: fields.date,
            description: fields.description ?? null,
            maps_link: fields.mapsLink ?? null,
            capacity: fields.capacity ?? null,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.later = await add({
      location: 'Portobello Promenade',
      date: daysAhead(12),
      description: 'Sea-front shelters and the prom wall. Gloves, scrapers and bags provided.',
      capacity: 20,
    });
    ids.next = await add({
      location: 'Leith Walk',
      date: daysAhead(5),
      description: 'We meet by the Kirkgate and work up towards Pilrig. Bring a friend!',
      mapsLink: 'https://www.openstreetmap.org/#map=18/55.9700/-3.1720',
    });
    ids.past = await add({ location: 'The Meadows', date: daysAhead(-20) });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  async function open(viewport = PHONE): Promise<Page> {
    const { context, page } = await newPage(browser, viewport);
    contexts.push(context);
    await context.route(/openstreetmap\.org/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Map</title>' }),
    );
    return page;
  }

  /** An administrator's dashboard with Manage MUCU Events open. */
  async function openManageEvents(): Promise<{ page: Page; manage: Locator }> {
    const { context, page } = await newAdminPage(browser, server);
    contexts.push(context);
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    await page.getByRole('button', { name: 'Manage MUCUs' }).click();
    return { page, manage: page.getByRole('dialog', { name: 'Manage MUCU Events' }) };
  }

  it("from the About page to I'll be there (signing in on the way) to the dashboard", async () => {
    const page = await open();
    await page.goto(`${server.url}/about`);
    await page.getByRole('link', { name: 'Attend MUCU events' }).click();
    await page.waitForURL(`${server.url}/events`);
    await page.getByRole('heading', { level: 1, name: 'Meet Up Clean Up events' }).waitFor();

    // Upcoming soonest first, with the date in Edinburgh's time, the map link and how many are coming.
    const upcoming = page.getByRole('region', { name: 'Upcoming events' });
    await upcoming.getByRole('article').first().waitFor();
    await expect
      .poll(() => upcoming.getByRole('heading', { level: 3 }).allTextContents())
      .toEqual(['Leith Walk MUCU', 'Portobello Promenade MUCU']);
    const leith = upcoming.getByRole('article', { name: 'Leith Walk MUCU' });
    await expect
      .poll(() => leith.getByRole('link', { name: 'Leith Walk (map, opens in a new tab)' }).getAttribute('href'))
      .toBe('https://www.openstreetmap.org/#map=18/55.9700/-3.1720');
    await leith.getByText('0 going').waitFor();
    await upcoming.getByText('0 of 20 places taken').waitFor();
    await expect.poll(() => leith.locator('time').getAttribute('datetime')).toBe(daysAhead(5));
    const past = page.getByRole('region', { name: 'Past events' });
    await expect.poll(() => past.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['The Meadows MUCU']);
    await past.getByText('0 attended · 0 sites cleaned that day').waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'Subscribe to all MUCU events' }).getAttribute('href'))
      .toBe(`${server.url.replace('http:', 'webcal:')}/api/events/feed.ics`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'events-390');

    await leith.getByRole('link', { name: 'Leith Walk MUCU', exact: true }).click();
    await page.waitForURL(`${server.url}/events/${ids.next}`);
    await page.getByRole('heading', { level: 1, name: 'Leith Walk MUCU' }).waitFor();
    const calendar = page.getByRole('link', { name: 'Add to calendar' });
    await expect.poll(() => calendar.getAttribute('href')).toBe(`/api/events/${ids.next}/calendar.ics`);
    const ics = await page.request.get(`${server.url}/api/events/${ids.next}/calendar.ics`);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain('BEGIN:VTIMEZONE');
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-390');

    // Not signed in: to the sign-in page, and back to this event afterwards.
    await page.getByRole('button', { name: "I'll be there" }).click();
    await page.waitForURL(`${server.url}/volunteers/signin?next=%2Fevents%2F${ids.next}`);
    await page.getByLabel('Email Address').fill(EMAIL);
    await page.getByLabel('Name (optional)').fill('Nadia');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    const { code } = readSignInMail((await smtp.waitFor(EMAIL)).text);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/events/${ids.next}`);

    await page.getByRole('button', { name: "I'll be there" }).click();
    await toasts(page).getByText("You're going. See you there!").waitFor();
    await page.getByRole('button', { name: "I can't make it" }).waitFor();
    await page.getByText('1 going').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-going-390');

    await page.goto(`${server.url}/volunteers/dashboard`);
    const card = page.getByRole('region', { name: 'Your MUCU events' });
    await card.getByRole('link', { name: 'Leith Walk MUCU' }).waitFor();
    await card.getByText("You're going").waitFor();
    await expect
      .poll(() => card.getByRole('checkbox', { name: /E-mail me a reminder the day before/ }).isChecked())
      .toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-events-390');
    // The dashboard also leads to all the events.
    await card.getByRole('link', { name: 'See all MUCU events' }).click();
    await page.waitForURL(`${server.url}/events`);
    await page.getByRole('heading', { level: 1, name: 'Meet Up Clean Up events' }).waitFor();
    await page.goBack();

    // Taking it back from the event page.
    await card.getByRole('link', { name: 'Leith Walk MUCU' }).click();
    await page.getByRole('button', { name: "I can't make it" }).click();
    await toasts(page).getByText("You're no longer going. Thanks for letting us know.").waitFor();
    await page.getByRole('button', { name: "I'll be there" }).waitFor();
    await page.getByRole('button', { name: "I'll be there" }).click();
    await page.getByRole('button', { name: "I can't make it" }).waitFor();
  });

  it('from the home page, the events pages use the width of a desktop, pass axe, and share through the share sheet or the clipboard', async () => {
    const page = await open(DESKTOP);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    // The home page leads to the events too.
    await page.goto(server.url);
    await page.getByRole('link', { name: 'See MUCU events' }).click();
    await page.waitForURL(`${server.url}/events`);
    await page.getByRole('region', { name: 'Upcoming events' }).getByRole('article').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'events-1280');

    await page.goto(`${server.url}/events/${ids.next}`);
    await page.getByRole('heading', { level: 1, name: 'Leith Walk MUCU' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-1280');
    // Where there is a share sheet, the event's name, text and own link go to it.
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      }),
    );
    await page.getByRole('button', { name: 'Share this event' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
      .toEqual({
        title: 'Leith Walk MUCU',
        text: expect.stringContaining('Join me at Leith Walk MUCU'),
        url: `${server.url}/events/${ids.next}`,
      });
    // Without one (as in headless Chromium) the text and link go to the clipboard.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Share this event' }).click();
    await toasts(page).getByText('Link copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('Join me at Leith Walk MUCU');
    expect(copied).toContain(`${server.url}/events/${ids.next}`);

    await page.goto(`${server.url}/events/${ids.past}`);
    await page.getByRole('heading', { name: 'This event has taken place' }).waitFor();
    await expectNoAxeViolations(page);
    await page.goto(`${server.url}/events/999999`);
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-not-found-1280');
    await page.getByRole('main').getByRole('link', { name: 'upcoming events', exact: true }).click();
    await page.waitForURL(`${server.url}/events`);
  });

  it('an administrator sees who is coming and records their attendance in one step', async () => {
    const { page, manage } = await openManageEvents();
    await manage.getByRole('heading', { name: 'Leith Walk MUCU' }).waitFor();
    await manage.getByRole('button', { name: "Who's coming to Leith Walk MUCU" }).click();
    const list = manage.getByRole('form', { name: "Who's coming to Leith Walk MUCU" });
    const person = list.getByRole('checkbox', { name: 'newcomer (Nadia)' });
    await person.waitFor();
    await expect.poll(() => person.isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'manage-events-who-is-coming-1280', { fullPage: false });

    await list.getByRole('button', { name: 'Record attendance (1)' }).click();
    await page
      .getByRole('region', { name: /Notifications/, includeHidden: true })
      .getByText('Attendance recorded', { exact: true })
      .waitFor();
    await list.getByText('attendance recorded').waitFor();
    const attendances = await server.database.db
      .selectFrom('mucu_attendances')
      .innerJoin('volunteers', 'volunteers.id', 'mucu_attendances.volunteer_id')
      .select(['mucu_attendances.mucu_id', 'volunteers.email'])
      .execute();
    expect(attendances).toEqual([{ mucu_id: ids.next, email: EMAIL }]);
    const badges = await server.database.db.selectFrom('achievements').select('badge_type').execute();
    expect(badges).toEqual([{ badge_type: 'first_mucu' }]);
  });

  it("once the places are taken, I'll be there joins the waiting list, which moves up when someone drops out", async () => {
    // An administrator limits the Portobello event to one place from its who-is-coming list.
    const { page: admin, manage } = await openManageEvents();
    await manage.getByRole('button', { name: "Who's coming to Portobello Promenade MUCU" }).click();
    const places = manage.getByRole('form', { name: 'Places at Portobello Promenade MUCU' });
    await places.getByLabel('Places (empty for no limit)').fill('1');
    await places.getByRole('button', { name: 'Save places' }).click();
    await admin
      .getByRole('region', { name: /Notifications/, includeHidden: true })
      .getByText('0 of 1 places taken', { exact: true })
      .waitFor();

    const signedIn = async (email: string) => {
      const page = await open();
      const { cookies } = await volunteerSession(server.database, email);
      await page
        .context()
        .addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url })));
      await page.goto(`${server.url}/events/${ids.later}`);
      await page.getByRole('heading', { level: 1, name: 'Portobello Promenade MUCU' }).waitFor();
      return page;
    };
    const first = await signedIn('first@example.org');
    await first.getByRole('button', { name: "I'll be there" }).click();
    await first.getByRole('button', { name: "I can't make it" }).waitFor();

    const second = await signedIn('second@example.org');
    await second.getByText('1 of 1 places taken').waitFor();
    await second.getByText('This event is full: saying you will be there puts you on the waiting list.').waitFor();
    await second.getByRole('button', { name: "I'll be there" }).click();
    await toasts(second).getByText("This event is full, so you're on the waiting list.", { exact: false }).waitFor();
    await second.getByText("You're number 1 on the waiting list.", { exact: false }).waitFor();
    await second.getByRole('button', { name: 'Leave the waiting list' }).waitFor();
    await expectNoAxeViolations(second);
    await screenshot(second, 'event-waiting-390');

    // The one going drops out: the place goes to the one waiting, who is told by e-mail.
    await first.getByRole('button', { name: "I can't make it" }).click();
    await first.getByRole('button', { name: "I'll be there" }).waitFor();
    await first.getByText('This event is full: saying you will be there puts you on the waiting list.').waitFor();
    await server.app.outbox.drain(); // the test server's outbox worker runs when asked
    expect((await smtp.waitFor('second@example.org')).subject).toBe(
      "A place came free: you're going to Portobello Promenade MUCU",
    );
    await second.reload();
    await second.getByRole('button', { name: "I can't make it" }).waitFor();
    await second.getByRole('status').getByText("You're going. See you there!").waitFor();
  });
});
