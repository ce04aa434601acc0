import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportPaths, statsSchema } from '../../../shared/contracts/reports.ts';
import type { Db } from '../../db/client.ts';
import { statsRepository } from './stats.repository.ts';

export async function analyticsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const stats = statsRepository(db);
  app.withTypeProvider<ZodTypeProvider>().get(reportPaths.stats, { config: { access: 'public' }, schema: { response: { 200: statsSchema } } }, () =>
    stats.totals(),
  );
}
