// 'It's back': anyone may say a cleaned site has been tagged again, with a photo and by the same
// location rules as a report. That makes a new report, in the same transaction joined to the cleaned
// report's site as tagged again. The earlier report stays completed, so nobody who followed it hears
// of the new one (their address was deleted once they were told it was cleaned).
import type { Clock } from '#server/clock.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '#server/errors.ts';
import type { CreatedReport } from '#shared/contracts/reports.ts';
import { isOfSite } from '#shared/domain/site.ts';
import { siteMessages } from '#shared/domain/site-messages.ts';
import type { ReportsRepository } from '../reports.repository.ts';
import type { CreateReportInput, ReportsService } from '../reports.service.ts';
import type { sitesRepository } from './sites.repository.ts';
import { pointOf } from '#server/db/tables.ts';

const HOUR = 3_600_000;

export interface ItsBackServiceDeps {
  reports: Pick<ReportsService, 'create'>;
  repository: ReportsRepository;
  sites: ReturnType<typeof sitesRepository>;
  clock: Clock;
  /** 'It's back' reports across the service in an hour; past it, 503 with Retry-After. */
  mostPerHour: number;
}

export function itsBackService({ reports, repository, sites, clock, mostPerHour }: ItsBackServiceDeps) {
  return {
    async itsBack(earlierId: number, input: CreateReportInput): Promise<{ report: CreatedReport; created: boolean }> {
      const earlier = await repository.findById(earlierId);
      if (!earlier) throw new NotFoundError(siteMessages.notFound);
      if (earlier.status !== 'completed') throw new ConflictError(siteMessages.notCleaned);
      if (earlier.site_id !== null) {
        const [open] = await sites.openReportsOf(earlier.site_id, earlier.id);
        if (open) throw new ConflictError(siteMessages.alreadyBack(open.id));
      }
      const now = clock.now();
      if ((await sites.taggedAgainSince(new Date(now.getTime() - HOUR).toISOString())) >= mostPerHour) {
        throw new AppError(503, siteMessages.tooManyEverywhere, { headers: { 'Retry-After': '300' } });
      }
      return reports.create({
        ...input,
        // Checked again in the report's own transaction: nothing is kept (neither row nor photo) if it fails.
        alsoInTransaction: async (trx, row) => {
          const siteId = (await repository.siteOf(earlier.id, now.toISOString(), trx))!;
          const [open] = await sites.openReportsOf(siteId, row.id, trx);
          if (open) throw new ConflictError(siteMessages.alreadyBack(open.id));
          if (!isOfSite(earlier, row.what3words, pointOf(row.latitude, row.longitude)))
            throw new ValidationError(siteMessages.notThisSite);
          await repository.joinSite(row.id, siteId, trx);
        },
      });
    },

    history: (reportId: number) => sites.historyOf(reportId),
  };
}

export type ItsBackService = ReturnType<typeof itsBackService>;
