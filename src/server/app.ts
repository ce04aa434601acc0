// buildApp(deps): the whole HTTP application from explicit dependencies, so a test builds the real
// thing on an in-memory database with fakes only at the edges of the world.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_MAP_STYLE_URL, defaultOpenDataSettings, defaultPrivacySettings, type Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Clock } from './clock.ts';
import { systemClock } from './clock.ts';
import type { PhotoStorage } from './features/photos/photo-storage.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { requestLogOptions, RequestLog } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerDrain } from './plugins/drain.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerAuth, SESSION_COOKIES } from './plugins/auth.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestBodyLimits, type RequestBodyLimits } from './plugins/request-bodies.ts';
import type { SlotLimits } from './http/client-slots.ts';
import { sessionsRepository } from './features/sessions/sessions.repository.ts';
import { sessionsService } from './features/sessions/sessions.service.ts';
import { multipartLimits } from './plugins/multipart.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { reportsRoutes, type ChangeStreamTimes } from './features/reports/reports.routes.ts';
import { reportPhotosRoutes } from './features/reports/report-photos.routes.ts';
import { reportsRepository } from './features/reports/reports.repository.ts';
import { reportsService } from './features/reports/reports.service.ts';
import { reportListRepository } from './features/reports/report-list.repository.ts';
import { reportListService } from './features/reports/report-list.service.ts';
import { listVersions } from './features/reports/list-versions.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { photosRoutes } from './features/photos/photos.routes.ts';
import { locationRoutes } from './features/location/location.routes.ts';
import { adminAccessRoutes } from './features/admin-access/admin-access.routes.ts';
import { adminAccessService, type EveryoneLimits } from './features/admin-access/admin-access.service.ts';
import { createLocationService, type LocationService } from './features/location/location.service.ts';
import { reportManagementRoutes } from './features/reports/management/report-management.routes.ts';
import { reportManagementRepository } from './features/reports/management/report-management.repository.ts';
import { reportManagementService } from './features/reports/management/report-management.service.ts';
import { photoRedactionRepository } from './features/reports/management/photo-redaction.repository.ts';
import { photoRedactionService } from './features/reports/management/photo-redaction.service.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { eventsService } from './features/events/events.service.ts';
import { eventJobs } from './features/events/event-jobs.ts';
import { placementJobs } from './features/reports/placement-job.ts';
import { escalationJob } from './features/reports/escalation-job.ts';
import { stagedPhotosRepository } from './features/reports/staged-photos.repository.ts';
import { stagedPhotosService } from './features/reports/staged-photos.service.ts';
import { eventRsvpsRoutes } from './features/events/event-rsvps.routes.ts';
import { eventRsvpsService } from './features/events/event-rsvps.service.ts';
import { checkInRoutes } from './features/events/check-in.routes.ts';
import { checkInService } from './features/events/check-in.service.ts';
import { eventLogsRoutes } from './features/events/event-logs.routes.ts';
import { eventLogsService } from './features/events/event-logs.service.ts';
import { cleanupTimeRoutes } from './features/cleanups/cleanup-time.ts';
import { recordCertificatesRoutes } from './features/volunteer-dashboard/record-certificates.routes.ts';
import { recordCertificatesService } from './features/volunteer-dashboard/record-certificates.service.ts';
import { volunteerAuthRoutes } from './features/volunteer-auth/volunteer-auth.routes.ts';
import { volunteerAuthService } from './features/volunteer-auth/volunteer-auth.service.ts';
import { cleanupsRoutes } from './features/cleanups/cleanups.routes.ts';
import { siteCleanupPhotosRoutes } from './features/cleanups/site-cleanup-photos.routes.ts';
import { cleanupsService } from './features/cleanups/cleanups.service.ts';
import { safetyRoutes } from './features/cleanups/safety.routes.ts';
import { safetyService } from './features/cleanups/safety.service.ts';
import { cleanupsRepository } from './features/cleanups/cleanups.repository.ts';
import { volunteerDashboardRoutes } from './features/volunteer-dashboard/volunteer-dashboard.routes.ts';
import { logMailer, type Mailer } from './mail/mailer.ts';
import { alertsRoutes } from './features/alerts/alerts.routes.ts';
import { createAlerts, type AlertsOptions } from './features/alerts/create-alerts.ts';
import { allOutboxJobs, outboxWorker, type OutboxWorker } from './jobs/outbox-worker.ts';
import { outboxRepository } from './jobs/outbox.repository.ts';
import { jobScheduler } from './jobs/scheduler.ts';
import type { PushOptions, PushSender } from './features/alerts/push-sender.ts';
import {
  checkInScreenRoute,
  eventCheckInRoute,
  eventPageRoute,
  reportStatusRoute,
  routes,
  verifyRoute,
} from '#shared/routes.ts';
import { isKnownClientPath } from '#shared/screens.ts';
import { clientShell } from './client-shell.ts';
import { withPrivacyNotice } from './mail/privacy-footer.ts';
import { registerAudit } from './plugins/audit.ts';
import { auditLogService } from './features/audit-log/audit-log.service.ts';
import { auditLogRoutes } from './features/audit-log/audit-log.routes.ts';
import { privacyService } from './features/privacy/privacy.service.ts';
import { privacyRoutes } from './features/privacy/privacy.routes.ts';
import { retentionJob } from './features/privacy/retention.ts';
import { open311Routes } from './features/open311/open311.routes.ts';
import { open311Service } from './features/open311/open311.service.ts';
import { openDataRoutes } from './features/open311/open-data.routes.ts';
import { openDataService } from './features/open311/open-data.service.ts';
import { apiKeysRepository } from './features/open311/api-keys.repository.ts';
import { apiKeysService } from './features/open311/api-keys.service.ts';
import { open311PartnersRoutes } from './features/open311/open311-partners.routes.ts';
import { open311PostingService } from './features/open311/open311-posting.service.ts';
import { councilClient } from './features/open311/council-client.ts';
import { referralsRepository } from './features/open311/referrals.repository.ts';
import { referralsService, type ReferralsService } from './features/open311/referrals.service.ts';
import { fetchPublicHttps, type PublicFetchOptions } from './http/public-fetch.ts';
import { publicReportsRepository } from './features/reports/public-reports.repository.ts';
import { OPEN311_BASE, OPEN311_MEDIA_MAX_BYTES, OPEN311_MEDIA_TIMEOUT_MS } from '#shared/contracts/open311.ts';
import { NotFoundError } from './errors.ts';
import { orphanPhotoSweep } from './features/photos/orphan-photo-sweep.ts';
import { configurePhotoWork, onPhotoWork, type WorkQueueLimits } from './features/photos/photo-work-queue.ts';
import { followUpRoutes } from './features/reports/follow-up/follow-up.routes.ts';
import { reportMapRoutes } from './features/reports/map/report-map.routes.ts';
import { meTooRoutes } from './features/reports/me-too/me-too.routes.ts';
import { meTooService } from './features/reports/me-too/me-too.service.ts';
import { basemapOf } from './features/reports/map/basemap.ts';
import { reportSitesRoutes } from './features/reports/sites/report-sites.routes.ts';
import { itsBackService } from './features/reports/sites/its-back.service.ts';
import { sitesRepository } from './features/reports/sites/sites.repository.ts';
import { reportMapService } from './features/reports/map/report-map.service.ts';
import { adminMapService } from './features/reports/map/admin-map.service.ts';
import { adminMapRepository } from './features/reports/map/admin-map.repository.ts';
import { followUpService, type FollowUpLimits } from './features/reports/follow-up/follow-up.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker, for a test to run what is due (runOnce, drain); app.jobs starts it. */
    outbox: OutboxWorker;
    /** Referrals to responsible bodies, for a test to check the sent ones now (checkSent). */
    referrals: Pick<ReferralsService, 'checkSent'>;
  }
}

export interface AppDeps {
  config: Pick<Config, 'publicUrl' | 'logLevel' | 'trustProxy'> &
    Partial<
      Pick<
        Config,
        | 'adminEmails'
        | 'privacy'
        | 'metricsToken'
        | 'openData'
        | 'serviceLevels'
        | 'referralBodies'
        | 'map'
        | 'safetyBriefing'
      >
    >;
  database: DatabaseHandle;
  storage: PhotoStorage;
  clock?: Clock;
  /** The slow hash of the administrator passcode (secrets.ts). */
  adminPasscodeHash: string;
  /** Three-word locations; the offline grid unless given. */
  location?: LocationService;
  /** The built client (dist/client); absent in API-only tests. */
  clientDir?: string;
  /** Pino options, or false for silence in tests. */
  logger?: boolean | object;
  limits?: {
    reportSubmissionsPerHour?: number;
    /** How often one client may have the whole report list sent, per minute. */
    wholeListsPerMinute?: number;
    /** Photos sent ahead of their reports, waiting in all, past which another is turned away. */
    stagedPhotosWaiting?: number;
    signInRequestsPerClient?: number;
    photoWork?: Partial<WorkQueueLimits>;
    /** Open change streams, per client and in all (defaults in reports.routes.ts). */
    changeStreams?: Partial<SlotLimits>;
    /** Request bodies still arriving, per client and in all, and how long one may go silent (request-bodies.ts). */
    requestBodies?: Partial<RequestBodyLimits>;
    /** Wrong administrator passcodes from everyone before the slow-down and the lock (admin-access.service.ts). */
    adminPasscode?: Partial<EveryoneLimits>;
    /** 'Tell me when it is cleaned' confirm e-mails (follow-up.service.ts). */
    followUp?: Partial<FollowUpLimits>;
    /** 'Me too's across the service in an hour (me-too.service.ts). */
    meTooPerHour?: number;
    /** Open311 requests one client may make to each Open311 path in a minute. */
    open311PerMinute?: number;
    /** Service requests one partner's key may post in an hour. */
    open311PostsPerKeyPerHour?: number;
    /** Whole open data files one client may download in a minute, for each format. */
    openDataPerMinute?: number;
  };
  /** Outgoing e-mail (volunteer sign-in); the log unless given. */
  mailer?: Mailer;
  /** Web Push for volunteer alerts: VAPID keys (made for this process unless given) and the HTTPS agent. */
  push?: PushOptions;
  /** Stands in for web-push at the edge of a test's world. */
  pushSender?: PushSender;
  /** Volunteer alerts: the digest hour and the outbox poll interval. No job runs until `app.jobs.start()`. */
  alerts?: AlertsOptions;
  /** The report list's change stream: its heartbeat and how long a stream lasts (defaults in reports.routes.ts). */
  changeStream?: Partial<ChangeStreamTimes>;
  /**
   * Test seams of the photo fetch for partners' media_url: the test server's address, its certificate
   * authority and a resolver for test names. Only tests pass them; production fetches public https only.
   */
  open311MediaFetch?: Pick<PublicFetchOptions, 'policy' | 'ca' | 'resolve'>;
  /** Referrals: how long a body's endpoint is waited for, and how often sent requests are checked. */
  referrals?: { council?: { timeoutMs?: number }; checkEveryMs?: number };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const { db, dialect } = deps.database;
  const { publicUrl } = deps.config;
  const { storage } = deps;
  const adminEmails = deps.config.adminEmails ?? [];
  const submissionsPerHour = deps.limits?.reportSubmissionsPerHour ?? 30;
  configurePhotoWork(deps.limits?.photoWork);
  const app = Fastify({
    // Requests are logged with the token of any private link hidden.
    logger: requestLogOptions(deps.logger, deps.config.logLevel),
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // The request's id (in the log and in X-Request-Id) is always our own: one a client sent could
    // forge or muddle log lines. A random one stays unique across processes and restarts.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // The drain plugin answers requests that arrive while closing (with Retry-After).
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Phones on a weak signal upload slowly; give a photo a minute before giving up on it.
    requestTimeout: 120_000,
    logController: new RequestLog(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
  });

  registerDrain(app);
  registerRequestBodyLimits(app, { limits: deps.limits?.requestBodies, clock });
  registerErrorHandler(app);
  registerInputGuard(app);
  const basemap = basemapOf(deps.config.map ?? { styleUrl: DEFAULT_MAP_STYLE_URL });
  await registerSecurity(app, publicUrl, { mapOrigin: basemap.origin });
  // On a weak mobile signal the bytes matter: JSON and the app's assets go compressed (photos are
  // JPEG already and are left alone). Brotli at a low quality keeps the CPU cost small.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  registerAuth(app, {
    sessions: sessionsService({ repository: sessionsRepository(db), clock }),
    publicUrl,
    adminEmails,
  });
  const audit = auditLogService(db);
  registerAudit(app, { record: audit.record, clock });
  await app.register(multipart, { limits: multipartLimits });
  await registerRateLimits(app, { database: deps.database, clock });
  await registerOpenApi(app);

  // Every e-mail links to the privacy notice.
  const mailer = withPrivacyNotice(deps.mailer ?? logMailer(app.log), `${publicUrl}${routes.privacy}`);
  const privacySettings = deps.config.privacy ?? defaultPrivacySettings;
  const location = deps.location ?? createLocationService({ provider: 'grid' });

  // Following a report: status page, 'Tell me when it is cleaned' (its e-mails go through the outbox).
  const followUp = followUpService({
    db,
    storage,
    clock,
    mailer,
    publicUrl,
    location,
    log: app.log,
    limits: deps.limits?.followUp,
  });
  const alerts = createAlerts({
    database: deps.database,
    clock,
    mailer,
    publicUrl,
    log: app.log,
    push: deps.push,
    pushSender: deps.pushSender,
    adminEmails,
    ...deps.alerts,
  });
  // Overdue reports, and offensive ones still unclaimed, told to the administrators once each.
  // Reports referred to the bodies responsible for them: sent through the outbox, their status pulled back.
  const referrals = referralsService({
    db,
    repository: referralsRepository(db),
    bodies: deps.config.referralBodies ?? [],
    council: councilClient(deps.referrals?.council),
    mailer,
    clock,
    publicUrl,
    operatorName: privacySettings.operatorName,
    log: app.log,
    checkEveryMs: deps.referrals?.checkEveryMs,
  });
  app.decorate('referrals', { checkSent: () => referrals.checkSent() });
  const partnerMarks = apiKeysRepository(db);
  // Reports on another owner's clock (referred) are that owner's, not told to our administrators.
  const escalation = escalationJob({
    repository: reportsRepository(db),
    clock,
    summaryHour: deps.alerts?.digestHour ?? 18,
    enqueue: alerts.enqueueEscalation,
    ownersClockReportIds: () => referrals.ownersClockReportIds(),
  });
  // The outbox's jobs: alerts; MUCU event e-mails (reminders, changes, cancellations); reports made
  // while the location provider was unreachable, placed in the background; follow-up e-mails.
  const outboxJobs = allOutboxJobs([
    alerts.jobs,
    placementJobs({ repository: reportsRepository(db), location, clock, log: app.log }),
    eventJobs({ db, dialect, clock, mailer, publicUrl, reminderHour: deps.alerts?.eventReminderHour ?? 18 }),
    followUp.jobs,
    referrals.jobs,
  ]);
  const outbox = outboxRepository(db, dialect);
  const worker = outboxWorker({ outbox, clock, log: app.log, ...outboxJobs, pollMs: deps.alerts?.pollMs });
  app.decorate('outbox', worker);
  // Every route below is counted and timed; /metrics itself exists only when a token is configured.
  const metrics = deps.config.metricsToken
    ? registerMetrics(app, {
        token: deps.config.metricsToken,
        database: deps.database,
        outboxBacklog: () => outbox.backlog(clock.now().toISOString()),
        jobs: () => app.jobs.status(),
        now: () => clock.now(),
      })
    : undefined;
  if (metrics) {
    const stopListening = onPhotoWork(metrics.photoWork);
    app.addHook('onClose', async () => stopListening());
  }

  await app.register(healthRoutes, { database: deps.database, storage, clock });
  const staging = stagedPhotosService({
    repository: stagedPhotosRepository(db),
    storage,
    clock,
    mostWaiting: deps.limits?.stagedPhotosWaiting,
  });
  const reports = reportsService({
    repository: reportsRepository(db),
    storage,
    clock,
    location,
    log: app.log,
    alerts,
    followers: followUp,
    stagedPhotos: staging,
    serviceLevels: deps.config.serviceLevels,
  });
  // The list's version, known in memory and moved by every write (on PostgreSQL, by any process's).
  const versions = listVersions({ database: deps.database, log: app.log });
  app.addHook('onClose', () => versions.close());
  await app.register(reportsRoutes, {
    service: reports,
    list: reportListService({
      repository: reportListRepository(db, dialect),
      clock,
      // Each card says which partner app made it and which owner it was referred to.
      marksOf: async (ids) => {
        const [partners, referred] = await Promise.all([partnerMarks.partnersOf(ids), referrals.marksOf(ids)]);
        return new Map(ids.map((id) => [id, { partner: partners.get(id), referral: referred.get(id) }]));
      },
    }),
    submissionsPerHour,
    wholeListsPerMinute: deps.limits?.wholeListsPerMinute ?? 12,
    versions,
    changeStream: deps.changeStream,
    changeStreamLimits: deps.limits?.changeStreams,
    clock,
    staging,
    // A reporter may choose another photo before sending: a few photos for each report they may send.
    stagedPhotosPerHour: 3 * submissionsPerHour,
    secureCookies: publicUrl.startsWith('https://'),
  });
  // Each wall's history: 'It's back' on a cleaned site, and a site's history for the cards.
  await app.register(reportSitesRoutes, {
    service: itsBackService({
      reports,
      repository: reportsRepository(db),
      sites: sitesRepository(db),
      clock,
      // 'It's back' reports across the service in an hour.
      mostPerHour: 200,
    }),
    submissionsPerHour,
  });
  // What the public interfaces read of reports (the map, Open311, open data): their public record only.
  const publicReports = publicReportsRepository(db);
  await app.register(reportMapRoutes, {
    service: reportMapService({ repository: publicReports, clock }),
    adminService: adminMapService({ repository: adminMapRepository(db) }),
    versions,
    basemap,
  });
  await app.register(followUpRoutes, {
    service: followUp,
    submissionsPerHour,
  });
  // 'Me too': an open report confirmed instead of made again, once per device.
  await app.register(meTooRoutes, {
    service: meTooService({ db, storage, clock, staging, perHour: deps.limits?.meTooPerHour }),
    perClientPerHour: submissionsPerHour,
  });
  await app.register(analyticsRoutes, { db, dialect, clock, versions });
  await app.register(photosRoutes, { storage });
  await app.register(locationRoutes, { location });
  await app.register(adminAccessRoutes, {
    service: adminAccessService({
      db,
      clock,
      passcodeHash: deps.adminPasscodeHash,
      log: app.log,
      everyone: deps.limits?.adminPasscode,
      onEvent: metrics?.adminPasscode,
    }),
    adminEmails,
  });

  // Administrators: report management, MUCU events, analytics.
  const reportManagement = reportManagementService({
    repository: reportManagementRepository(db, dialect),
    list: reportListRepository(db, dialect),
    reports,
    storage,
    clock,
    location,
    log: app.log,
    serviceLevels: deps.config.serviceLevels,
  });
  // Blurring a photo moves the row that holds it; a clean-up's row is written by the clean-ups feature.
  const redaction = photoRedactionService({
    repository: photoRedactionRepository(db, (trx, ...move) => cleanupsRepository(trx).replacePhotoKey(...move)),
    storage,
    clock,
  });
  await app.register(reportManagementRoutes, { service: reportManagement, redaction });
  await app.register(eventsRoutes, { service: eventsService({ db, clock, dialect, publicUrl }) });
  // Public MUCU events: the pages, 'I'll be there', calendars, and who is coming.
  const eventRsvps = eventRsvpsService({ db, dialect, clock, publicUrl });
  await app.register(eventRsvpsRoutes, { service: eventRsvps });
  // Checking in at an event with the organiser's changing code.
  await app.register(checkInRoutes, { service: checkInService({ db, clock, publicUrl }) });
  // Time and bags at events, approved by the organiser.
  await app.register(eventLogsRoutes, { service: eventLogsService({ db, clock }) });

  // Volunteers: sign-in, the find-and-clean workflow, the personal dashboard.
  await app.register(volunteerAuthRoutes, {
    service: volunteerAuthService({ db, clock, mailer, publicUrl, log: app.log }),
    requestsPerClient: deps.limits?.signInRequestsPerClient ?? 10,
  });
  // Safety and consent before a claim: the yearly briefing, the age band, the owner's consent.
  const safety = safetyService({ db, clock, briefing: deps.config.safetyBriefing });
  await app.register(safetyRoutes, { service: safety });
  const cleanups = cleanupsService({
    db,
    storage,
    clock,
    log: app.log,
    // Reports referred to their owner wait for the owner, not for volunteers.
    withheldReportIds: () => referrals.withheldReportIds(),
    awaitingConsentIds: () => safety.withheldReportIds(),
    assertMayClaim: (volunteerId) => safety.assertMayClaim(volunteerId),
  });
  await app.register(cleanupsRoutes, { service: cleanups });
  await app.register(cleanupTimeRoutes, { db });
  await app.register(siteCleanupPhotosRoutes, { db, clock });
  // A report's photos: listed by the reports feature, added by the clean-up rules, deleted by administrators.
  await app.register(reportPhotosRoutes, {
    photosOf: (reportId) => reports.photosOf(reportId),
    addPhotos: (reportId, input, auth) => cleanups.addPhotos(reportId, input, auth),
    deletePhoto: (reportId, photoId) => reportManagement.deletePhoto(reportId, photoId),
  });
  await app.register(volunteerDashboardRoutes, { db });
  // A volunteer's record as a certificate, and its public check page.
  const certificates = recordCertificatesService({
    db,
    clock,
    publicUrl,
    operator: privacySettings.operatorName,
  });
  await app.register(recordCertificatesRoutes, { service: certificates });

  // Volunteer alerts: choices, devices, unsubscribe, and the administrators' summary.
  await app.register(alertsRoutes, { service: alerts.service });

  // Privacy: the notice's facts, a volunteer's download and erasure, the retention job, the audit log.
  await app.register(privacyRoutes, {
    service: privacyService({
      db,
      storage,
      clock,
      settings: privacySettings,
      publicUrl,
      beforeErase: (volunteerId) => eventRsvps.leaveAll(volunteerId),
    }),
  });
  await app.register(auditLogRoutes, { service: audit });

  // Open311 GeoReport v2: reports as service requests, for councils and their tools; partner apps
  // post new ones with a key, through the same intake as the app's form.
  const apiKeys = apiKeysService({ repository: apiKeysRepository(db), clock });
  await app.register(open311Routes, {
    posting: open311PostingService({
      keys: apiKeys,
      createReport: async (input) =>
        (await reports.create({ latitude: undefined, longitude: undefined, accuracy: undefined, ...input })).report,
      wordsAt: async (latitude, longitude) => (await location.coordinatesToWords(latitude, longitude)).words,
      fetchPhoto: async (url) =>
        (
          await fetchPublicHttps(url, {
            maxBytes: OPEN311_MEDIA_MAX_BYTES,
            timeoutMs: OPEN311_MEDIA_TIMEOUT_MS,
            ...deps.open311MediaFetch,
          })
        ).body,
      now: () => clock.now(),
    }),
    postsPerKeyPerHour: deps.limits?.open311PostsPerKeyPerHour ?? 120,
    prefix: OPEN311_BASE,
    service: open311Service({
      repository: publicReports,
      clock,
      publicUrl,
      operatorName: privacySettings.operatorName,
      operatorEmail: privacySettings.operatorEmail,
      closedBy: (ids) => referrals.closedBy(ids),
    }),
    versions,
    perMinute: deps.limits?.open311PerMinute ?? 60,
  });
  // Open311 both ways, for administrators: partner apps' API keys.
  await app.register(open311PartnersRoutes, { keys: apiKeys, referrals });
  // Open data: every report's public record as GeoJSON and CSV, under the operator's licence.
  await app.register(openDataRoutes, {
    service: openDataService({
      repository: publicReports,
      publicUrl,
      licence: deps.config.openData ?? defaultOpenDataSettings,
      publisher: privacySettings.operatorName,
    }),
    versions,
    perMinute: deps.limits?.openDataPerMinute ?? 6,
  });
  const retention = retentionJob({
    db,
    clock,
    mailer,
    publicUrl,
    settings: privacySettings,
    audit,
    log: app.log,
    beforeErase: (volunteerId) => eventRsvps.leaveAll(volunteerId),
  });
  app.decorate('retention', retention);
  const photoSweep = orphanPhotoSweep({ db, storage, clock, log: app.log });
  app.decorate('photoSweep', photoSweep);

  // Every periodic job of the process, listed here once; none runs until main.ts starts them.
  app.decorate(
    'jobs',
    jobScheduler(
      [worker.job, cleanups.lapsedClaimsJob, staging.sweepJob, retention, photoSweep, referrals.statusJob, escalation],
      app.log,
    ),
  );
  app.addHook('preClose', () => app.jobs.stop());

  await registerClient(app, deps.clientDir, async (url) => {
    // An event or a report status link that does not exist: its page says so, and the status agrees.
    const eventId = (eventPageRoute.exec(url) ?? eventCheckInRoute.exec(url) ?? checkInScreenRoute.exec(url))?.groups
      ?.id;
    if (eventId) return eventRsvps.exists(Number(eventId));
    const code = verifyRoute.exec(url)?.groups?.code;
    if (code) return certificates.exists(code);
    const token = reportStatusRoute.exec(url)?.groups?.token;
    if (token) return followUp.hasStatusPage(token);
    return true;
  });
  return app;
}

/**
 * Which peers may tell us the client's address in X-Forwarded-For. Fastify ignores a bare hop count,
 * so a count becomes "trust the nearest n hops"; a list of addresses and ranges is trusted as given.
 * Every per-client limit keys on the address this yields.
 */
function trustProxyOption(
  trustProxy: number | string[] | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trustProxy)) return trustProxy.length > 0 ? trustProxy : false;
  if (!trustProxy) return false;
  return (_address, hop) => hop < trustProxy;
}

/**
 * The built SPA: hashed assets cached for a year, index.html revalidated, every other path the SPA.
 * `exists` says whether a known path's page has something to show (an event, a report) or says 'not found'.
 */
async function registerClient(
  app: FastifyInstance,
  clientDir: string | undefined,
  exists: (url: string) => Promise<boolean>,
): Promise<void> {
  const shell = clientDir && fs.existsSync(path.join(clientDir, 'index.html')) ? clientShell(clientDir) : undefined;
  if (shell) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      // The build wrote each text file beside itself as .br and .gz: those bytes go as they are, and
      // only files without them (images, files under a kilobyte) pass through the compression above.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/photos/');
    if (!wantsPage || !shell) {
      throw new NotFoundError(`No route for ${request.method} ${url}`);
    }
    // Serve the SPA shell for any page path; unknown ones carry 404 while the SPA shows its 404 page,
    // as do those of an event or report that is not there, whose page says so.
    const known = isKnownClientPath(url) && (await exists(url));
    // What the page asks for early depends on the administrator's session cookie: Vary says so to caches.
    return reply
      .status(known ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(shell.htmlFor(url, Boolean(request.cookies[SESSION_COOKIES.admin])));
  });
}
