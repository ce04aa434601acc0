// The background placement of reports made while the location provider could not be reached: each
// such report queues one 'report-placement' job in its own transaction (the outbox); the job checks the
// words again and places the report, marks it 'not-found' when the words name no place in the city, or
// fails so the outbox tries again later with back-off (until it gives up after a day, leaving the report
// 'to-check' for the administrators).
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { enqueueJob, payloadOf, type ClaimedJob, type OutboxJobs } from '#server/jobs/index.ts';
import { isProviderFailure, type LocationService } from '#server/features/location/index.ts';
import { choosePlacement } from './report-placement.ts';
import type { ReportsRepository } from './reports.repository.ts';

export const PLACEMENT_JOB = 'report-placement';

const position = z.object({ latitude: z.number(), longitude: z.number() });
const payloadSchema = z.object({
  reportId: z.number().int(),
  sent: position.extend({ source: z.enum(['device', 'photo']) }).nullish(),
  photoGps: position.nullish(),
});
export type PlacementPayload = z.infer<typeof payloadSchema>;

export function enqueuePlacement(db: Db, payload: PlacementPayload, now: string): Promise<void> {
  return enqueueJob(db, { kind: PLACEMENT_JOB, payload, now });
}

export interface PlacementJobDeps {
  repository: ReportsRepository;
  location: LocationService;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export function placementJobs({ repository, location, clock, log }: PlacementJobDeps): OutboxJobs {
  async function place(job: ClaimedJob): Promise<void> {
    const { reportId, sent, photoGps } = payloadOf(job, payloadSchema);
    const report = await repository.findById(reportId);
    // Deleted, or placed meanwhile (an administrator corrected the words): nothing to do.
    if (!report || report.location_status !== 'to-check') return;
    const now = clock.now().toISOString();
    try {
      const found = await location.checkWords(report.what3words);
      await repository.place(reportId, choosePlacement(found, location.region, sent ?? null, photoGps ?? null), now);
      log.info({ reportId }, 'report placed in the background');
    } catch (error) {
      if (isProviderFailure(error) || !(error instanceof AppError)) throw error;
      await repository.markNotFound(reportId, now);
      log.warn({ reportId, words: report.what3words }, 'report words name no place in the city');
    }
  }
  return { handlers: { [PLACEMENT_JOB]: place } };
}
