import type { FastifyInstance } from 'fastify';
import { analyticsEndpoints as endpoints } from '#shared/contracts/analytics.ts';
import { reportEndpoints } from '#shared/contracts/reports.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { serve } from '#server/http/serve.ts';
import { analyticsService } from './analytics.service.ts';
import { statsRepository } from './stats.repository.ts';

/** The public totals, and the administrator's analytics: volunteers, daily progress and its CSV export. */
export async function analyticsRoutes(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) {
  const repository = statsRepository(db);
  const service = analyticsService({ repository, clock });
  const admin = { access: 'admin' as const };

  serve(app, reportEndpoints.stats, { access: 'public' }, () => repository.totals());

  serve(app, endpoints.volunteers, admin, () => service.volunteerAnalytics());

  serve(app, endpoints.dailyProgress, admin, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return service.dailyProgress();
  });

  // A download is recorded before a byte of it is sent: no entry, no file.
  serve(
    app,
    endpoints.dailyProgressExport,
    { ...admin, audit: { action: 'daily-progress.export' } },
    async (request, reply) => {
      const { csv, today } = await service.dailyProgressCsv();
      await request.recordAudit();
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="daily-progress-${today}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
}
