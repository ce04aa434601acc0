// Thin HTTP layer for reports: parse with the shared schema, call the service, pick the status.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '#shared/domain/messages.ts';
import { stagedPhotoMessages } from '#shared/domain/staged-photo-messages.ts';
import { tooManyReports, wholeListTooOften } from './report-refusals.ts';
import type { Clock } from '#server/clock.ts';
import { AppError, ValidationError } from '#server/errors.ts';
import { clientKeyOf } from '#server/http/client-key.ts';
import { clientSlots, refusalLog, type SlotLimits } from '#server/http/client-slots.ts';
import { reportEndpoints, reportLocationEndpoints, reportPageQuerySchema } from '#shared/contracts/reports.ts';
import type { reportSiteEndpoints } from '#shared/contracts/report-sites.ts';
import { parseFormFields, readRawForm, serve } from '#server/http/serve.ts';
import type { ReportsService } from './reports.service.ts';
import { matchesEtag, notModified, sendKept, unlessNotModified } from '#server/http/conditional-get.ts';
import type { ReportListService } from './report-list.service.ts';
import type { ListVersions } from './list-versions.ts';
import { STAGED_PHOTO_LIFETIME_MS, type StagedPhotosService } from './staged-photos.service.ts';

/** The browser's staging secret: sent only to the report calls, and never readable by a script. */
const STAGE_COOKIE = 'cue_stage';

export interface ReportsRoutesOptions {
  service: ReportsService;
  /** The management list's pages (the same path, asked with a query). */
  list: ReportListService;
  /** Public submissions per client per hour. */
  submissionsPerHour: number;
  /** How often one client may have the whole list (no query) sent, per minute. */
  wholeListsPerMinute: number;
  /** The list's version as this process knows it: an unchanged list is answered without the database. */
  versions: ListVersions;
  /** The change stream's heartbeat, and how long one stream lasts before the browser reconnects. */
  changeStream?: Partial<ChangeStreamTimes>;
  /** How many change streams one client, and every client together, may hold open in this process. */
  changeStreamLimits?: Partial<SlotLimits>;
  clock: Clock;
  /** Photos sent ahead of their reports, and how many one client may send in an hour. */
  staging: StagedPhotosService;
  stagedPhotosPerHour: number;
  /** The staging cookie is sent only over HTTPS when the app is served so. */
  secureCookies: boolean;
}

export interface ChangeStreamTimes {
  heartbeatMs: number;
  lifetimeMs: number;
}

/**
 * A comment line every 25 s keeps proxies from closing a quiet stream. A stream ends after 10 minutes
 * and the browser reconnects within 2 s (to whichever process the load balancer picks), so streams
 * spread over new processes and a stream never outlives a session by long.
 */
const defaultChangeStream: ChangeStreamTimes = { heartbeatMs: 25_000, lifetimeMs: 10 * 60_000 };
const RECONNECT_MS = 2_000;

/**
 * A dashboard holds one stream per open tab: a few per client leaves room for an office behind one
 * address. The total keeps file descriptors for everything else the process serves. A stream turned
 * away costs the dashboard nothing but speed: it keeps its 5 s poll.
 */
export const defaultChangeStreamLimits: SlotLimits = { perClient: 8, total: 2_000 };
/** A browser turned away does not reconnect by itself (it polls instead); a script is told to wait a minute. */
const STREAM_RETRY_AFTER_SECONDS = 60;
export const changeStreamRefusals = {
  client: 'Too many live updates are open from your network. The list still refreshes every 5 seconds.',
  total: 'Live updates are busy just now. The list still refreshes every 5 seconds.',
} as const;

const photoRequired = () =>
  new ValidationError(messages.report.photoRequired, { title: messages.report.photoRequiredTitle });

/** The photo sent ahead that a form names, with the browser's staging secret; refused beside a photo of its own. */
export function stagedPhotoOf(request: FastifyRequest, photo: Buffer | undefined, reference: string | undefined) {
  if (photo && reference) throw new ValidationError(stagedPhotoMessages.photoAndReference);
  return reference ? { reference, holder: request.cookies[STAGE_COOKIE] } : undefined;
}

/** A report's form (a new report, or 'It's back'): its fields, and its photo or the one sent ahead. */
export async function readReportForm(
  request: FastifyRequest,
  endpoint: typeof reportEndpoints.create | typeof reportSiteEndpoints.itsBack,
) {
  const form = await readRawForm(request, endpoint);
  const photo = form.files.photo?.[0];
  if (!photo && form.fields.stagedPhoto === undefined) throw photoRequired();
  const { stagedPhoto, ...fields } = parseFormFields(endpoint, form.fields);
  return { ...fields, photo, stagedPhoto: stagedPhotoOf(request, photo, stagedPhoto) };
}

function acceptsEventStream(header: string | undefined): boolean {
  return String(header ?? '')
    .split(',')
    .some((type) => type.split(';')[0]!.trim().toLowerCase() === 'text/event-stream');
}

export async function reportsRoutes(
  app: FastifyInstance,
  {
    service,
    list,
    submissionsPerHour,
    wholeListsPerMinute,
    versions,
    changeStream,
    changeStreamLimits,
    clock,
    staging,
    stagedPhotosPerHour,
    secureCookies,
  }: ReportsRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const times = { ...defaultChangeStream, ...changeStream };
  const streams = clientSlots({ ...defaultChangeStreamLimits, ...changeStreamLimits });
  const logRefusal = refusalLog(app.log, clock, 'change streams turned away: too many open');
  // The list's change stream: the version on connecting, then each new one as it happens (whichever
  // process the change was made through), so the dashboard refreshes at once instead of at its next poll.
  serve(app, reportEndpoints.changes, { access: 'public' }, async (request, reply) => {
    if (!acceptsEventStream(request.headers.accept)) {
      throw new AppError(406, 'This address sends an event stream: ask for text/event-stream.');
    }
    const slot = streams.take(clientKeyOf(request.ip));
    if (slot.refused) {
      logRefusal(slot.refused, streams.held);
      const status = slot.refused === 'client' ? 429 : 503;
      throw new AppError(status, changeStreamRefusals[slot.refused], {
        headers: { 'Retry-After': String(STREAM_RETRY_AFTER_SECONDS) },
      });
    }
    const stream = new PassThrough();
    let lastSent: string | undefined;
    const send = (version: string) => {
      if (version === lastSent) return;
      lastSent = version;
      stream.write(`id: ${version}\ndata: ${JSON.stringify({ version })}\n\n`);
    };
    // Subscribed before the first read, so a change in between is never missed.
    const unsubscribe = versions.subscribe(send);
    let version: string;
    try {
      version = await versions.current();
    } catch (error) {
      unsubscribe();
      slot.release();
      throw error;
    }
    stream.write(`retry: ${RECONNECT_MS}\n\n`);
    send(version);
    const heartbeat = setInterval(() => stream.write(': still here\n\n'), times.heartbeatMs);
    const lifetime = setTimeout(() => end(), times.lifetimeMs);
    let stopOnDrain = () => {};
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      unsubscribe();
      slot.release();
      stopOnDrain();
      stream.end();
    };
    // A restart or shutdown ends the stream (the browser reconnects to a process still serving).
    stopOnDrain = app.onDrain(end);
    reply.raw.on('close', end);
    // Closed by the browser while the version was read: nothing to send, and its place is free again.
    if (reply.raw.destroyed) {
      end();
      return reply;
    }
    return reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Accel-Buffering', 'no')
      .send(stream);
  });

  serve(
    app,
    reportEndpoints.create,
    // The answer carries the reporter's private status token.
    {
      access: 'public',
      personal: true,
      rateLimit: {
        max: submissionsPerHour,
        timeWindow: '1 hour',
        // Said in the person's words, with when this report can go; Retry-After says the same in seconds.
        errorResponseBuilder: (_request, context) =>
          new AppError(429, tooManyReports(Math.max(1, Math.ceil(context.ttl / 60_000))), {
            title: messages.report.submitErrorTitle,
          }),
      },
    },
    async (request, reply) => {
      const { report, created } = await service.create(await readReportForm(request, reportEndpoints.create));
      return reply.status(created ? 201 : 200).send(report);
    },
  );

  serve(
    app,
    reportEndpoints.stagePhoto,
    { access: 'public', rateLimit: { max: stagedPhotosPerHour, timeWindow: '1 hour' } },
    async (request, reply) => {
      const form = await readRawForm(request, reportEndpoints.stagePhoto);
      const photo = form.files.photo?.[0];
      if (!photo) throw photoRequired();
      const { reference, expiresAt, holder } = await staging.stage(photo, request.cookies[STAGE_COOKIE]);
      void reply.setCookie(STAGE_COOKIE, holder, {
        path: '/api/reports',
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        maxAge: STAGED_PHOTO_LIFETIME_MS / 1000,
      });
      return reply.status(201).send({ reference, expiresAt });
    },
  );

  // Administrators: the reports whose typed location could not be placed yet.
  serve(app, reportLocationEndpoints.unplaced, { access: 'admin' }, () => service.unplaced());

  // Registered at its definition's path without its schemas: the body is cached JSON text built by
  // toReportResponse, whose shape (the definition's response) is checked by the API tests instead of
  // on every poll, and the query is parsed here because no query at all asks for the whole list.
  // The whole list is the largest answer the service makes: each client may have it sent a few times a
  // minute. A page of the management list is not counted, nor is a revalidation with the list's ETag,
  // which the route's first hook answers from the version this process knows before anything else
  // about the request: every open dashboard revalidates it every few seconds.
  const asksForAPage = (request: FastifyRequest) => Object.keys(request.query as object).length > 0;
  const wholeListEtag = (version: string) => `"${version}"`;
  const wholeListLimit = {
    max: wholeListsPerMinute,
    timeWindow: '1 minute',
    allowList: asksForAPage,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new AppError(429, wholeListTooOften(Math.max(1, Math.ceil(context.ttl / 1000))), {
        code: 'TooManyRequests',
      }),
  };
  r.get(
    reportEndpoints.list.path,
    {
      config: { access: 'public', rateLimit: wholeListLimit },
      onRequest: async (request, reply) => {
        if (asksForAPage(request)) return;
        const etag = wholeListEtag(await versions.current());
        if (matchesEtag(request.headers['if-none-match'], etag)) return notModified(reply, etag);
      },
    },
    async (request, reply) => {
      if (asksForAPage(request)) {
        // A page of the management list; its ETag covers the question as well as the data.
        const parsed = reportPageQuerySchema.safeParse(request.query);
        if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
        const fresh = await unlessNotModified(request, reply, versions, (version) => list.etagOf(parsed.data, version));
        return fresh ? reply.send(await list.page(parsed.data, fresh.version)) : reply;
      }
      // A list unchanged since a version this process has not heard of yet is still a 304.
      const fresh = await unlessNotModified(request, reply, versions, wholeListEtag);
      if (!fresh) return reply;
      void reply.header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
      // Already serialised (and shaped by toReportResponse, which the schema describes), and compressed
      // once per version for the clients that accept it.
      return sendKept(request, reply, await service.listText(fresh.version));
    },
  );
}
