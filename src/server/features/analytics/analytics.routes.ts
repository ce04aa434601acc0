import type { FastifyInstance } from 'fastify';
import { analyticsEndpoints as endpoints } from '#shared/contracts/analytics.ts';
import { reportEndpoints } from '#shared/contracts/reports.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { sendFile, serve } from '#server/http/serve.ts';
import { analyticsService } from './analytics.service.ts';
import { statsRepository } from './stats.repository.ts';
import { createHash } from 'node:crypto';
import type { Performance } from '#shared/contracts/analytics.ts';
import { unlessNotModified, type KnownVersion } from '#server/http/conditional-get.ts';
import { performanceRepository } from './performance.repository.ts';
import { performanceService } from './performance.service.ts';
import { reportSiteEndpoints } from '#shared/contracts/report-sites.ts';
import { retaggedSitesRepository } from './retagged-sites.repository.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';

const CSV = 'text/csv; charset=utf-8';

/** How many of the most re-tagged sites the analytics list. */
const RETAGGED_SITES_LISTED = 10;

/**
 * The public totals and performance figures (with their CSV), and the administrator's analytics:
 * volunteers, daily progress and its CSV export.
 */
export async function analyticsRoutes(
  app: FastifyInstance,
  { db, dialect, clock, versions }: { db: Db; dialect: Dialect; clock: Clock; versions: KnownVersion },
) {
  const repository = statsRepository(db);
  const performance = performanceService({ repository: performanceRepository(db, dialect), clock });
  // The figures change with any report, and with time (the last 30 days, the open reports' ages): they
  // are kept for the list's version and the hour, and answered 304 while neither changes.
  let kept: { etag: string; figures: Promise<Performance> } | undefined;
  const etagOf = (version: string) =>
    `"perf-${createHash('sha256')
      .update(`${version}|${Math.floor(clock.now().getTime() / 3_600_000)}`)
      .digest('base64url')
      .slice(0, 22)}"`;
  const figuresFor = (etag: string) => {
    if (kept?.etag !== etag) {
      const figures = performance.figures();
      kept = { etag, figures };
      figures.catch(() => {
        if (kept?.figures === figures) kept = undefined;
      });
    }
    return kept.figures;
  };
  serve(app, endpoints.performance, { access: 'public' }, async (request, reply) => {
    const fresh = await unlessNotModified(request, reply, versions, etagOf);
    return fresh ? reply.send(await figuresFor(etagOf(fresh.version))) : reply;
  });
  serve(app, endpoints.performanceExport, { access: 'public' }, async (request, reply) => {
    const fresh = await unlessNotModified(request, reply, versions, etagOf);
    if (!fresh) return reply;
    const figures = await figuresFor(etagOf(fresh.version));
    return sendFile(reply, CSV, `performance-${figures.asOf.slice(0, 10)}.csv`, performance.csv(figures));
  });
  const service = analyticsService({ repository, clock });
  const admin = { access: 'admin' as const };

  serve(app, reportEndpoints.stats, { access: 'public' }, () => repository.totals());

  serve(app, endpoints.volunteers, admin, () => service.volunteerAnalytics());

  const retagged = retaggedSitesRepository(db);
  serve(app, reportSiteEndpoints.mostRetagged, admin, async () => ({
    sites: await retagged.mostRetagged(RETAGGED_SITES_LISTED),
  }));

  serve(app, endpoints.dailyProgress, admin, () => service.dailyProgress());

  // A download is recorded before a byte of it is sent: no entry, no file.
  serve(
    app,
    endpoints.dailyProgressExport,
    { ...admin, audit: { action: 'daily-progress.export' } },
    async (request, reply) => {
      const { csv, today } = await service.dailyProgressCsv();
      await request.recordAudit();
      return sendFile(reply, CSV, `daily-progress-${today}.csv`, csv);
    },
  );
}
