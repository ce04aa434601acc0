// GET /api/map/sites/:id/cleanup: the before and after photos of a site on the public map, for a site
// cleaned within the map's window and not marked offensive (whose photos the public never sees).
// Anyone may ask; each client a bounded number a minute.
import type { FastifyInstance } from 'fastify';
import { MAP_CLEANED_WITHIN_DAYS, reportMapEndpoints } from '#shared/contracts/report-map.ts';
import { cityDayStart } from '#shared/domain/city-clock.ts';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/clock.ts';
import { NotFoundError } from '#server/errors.ts';
import { serve } from '#server/http/serve.ts';
import { photoUrls } from '#server/features/photos/index.ts';

const ASKS_PER_MINUTE = 120;

export async function siteCleanupPhotosRoutes(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) {
  serve(
    app,
    reportMapEndpoints.siteCleanup,
    { access: 'public', rateLimit: { max: ASKS_PER_MINUTE, timeWindow: '1 minute' } },
    async (request, reply) => {
      const since = cityDayStart(clock.now(), -MAP_CLEANED_WITHIN_DAYS).toISOString();
      const row = await db
        .selectFrom('cleanups')
        .innerJoin('reports', 'reports.id', 'cleanups.report_id')
        .select(['cleanups.before_photo_key', 'cleanups.after_photo_key'])
        .where('reports.id', '=', request.params.id)
        .where('reports.status', '=', 'completed')
        .where('reports.priority', '=', 0)
        .where('reports.completed_at', '>=', since)
        .orderBy('cleanups.completed_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw new NotFoundError('No clean-up photos for this site.');
      void reply.header('Cache-Control', 'public, max-age=300');
      return { before: photoUrls(row.before_photo_key), after: photoUrls(row.after_photo_key) };
    },
  );
}
