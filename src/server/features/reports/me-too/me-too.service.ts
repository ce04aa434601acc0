// The rules of 'Me too'. Anyone may confirm an open report (awaiting clean-up or being cleaned) instead
// of making another, once per device: the browser keeps a random id of its own and sends it, and only
// its SHA-256 is kept, beside the report. The report's count and its place in 'Priority first' move in
// the same transaction as the row. An optional photo goes through the same pipeline as a report's
// (or is taken from the photos sent ahead) and joins the report as a reporter's photo; a refusal
// keeps no file and no row.
import { createHash } from 'node:crypto';
import type { MeTooResult } from '#shared/contracts/me-too.ts';
import { meTooMessages as m } from '#shared/domain/me-too-messages.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, ConflictError, NotFoundError } from '#server/errors.ts';
import { processPhoto, withStoredPhoto, type PhotoStorage } from '#server/features/photos/index.ts';
import { findReportById, reportsRepository } from '../reports.repository.ts';
import type { StagedPhotosService } from '../staged-photos.service.ts';
import { meTooRepository } from './me-too.repository.ts';

const HOUR = 60 * 60_000;

/**
 * 'Me too's across the service in an hour, past which the next is turned away (503) until the oldest
 * leaves the hour: many times what a city's walls draw, few enough that a script cannot make every
 * open report look confirmed. Each client is bounded apart (per hour, like report submissions).
 */
export const MOST_ME_TOOS_PER_HOUR = 1_000;

const deviceHashOf = (device: string) => createHash('sha256').update(device).digest('hex');

export interface MeTooInput {
  /** The browser's random id (already checked by the contract). */
  device: string;
  /** A photo sent in the form. */
  photo?: Buffer;
  /** Or one sent ahead, by its reference and the browser's staging cookie. */
  stagedPhoto?: { reference: string; holder: string | undefined };
}

export function meTooService({
  db,
  storage,
  clock,
  staging,
  perHour = MOST_ME_TOOS_PER_HOUR,
}: {
  db: Db;
  storage: PhotoStorage;
  clock: Clock;
  staging: Pick<StagedPhotosService, 'take'>;
  perHour?: number;
}) {
  const repository = meTooRepository(db);
  const reports = reportsRepository(db);
  const notOpen = () => new ConflictError(m.notOpen, { code: 'ReportNotOpen' });
  const already = () => new ConflictError(m.already, { code: 'AlreadySaid' });

  /** Refuses (503) once the service has taken its hour's 'Me too's, saying when one may go again. */
  async function withinServiceLimit(now: Date): Promise<void> {
    const { count, oldest } = await repository.countSince(new Date(now.getTime() - HOUR).toISOString());
    if (count < perHour) return;
    const waitMs = (oldest ? new Date(oldest).getTime() : now.getTime()) + HOUR - now.getTime();
    throw new AppError(503, m.busy, { headers: { 'Retry-After': String(Math.max(60, Math.ceil(waitMs / 1000))) } });
  }

  return {
    async confirm(reportId: number, input: MeTooInput): Promise<MeTooResult> {
      const report = await findReportById(db, reportId);
      if (!report) throw new NotFoundError(m.notFound);
      if (report.status === 'completed') throw notOpen();
      const deviceHash = deviceHashOf(input.device);
      // Cheap refusals first: a photo is decoded only for a 'Me too' that can be kept.
      if (await repository.exists(reportId, deviceHash)) throw already();
      await withinServiceLimit(clock.now());
      const processed = input.photo ? await processPhoto(input.photo) : null;

      const record = (photoKey: string | null) =>
        reports.transaction(async (trx) => {
          const now = clock.now().toISOString();
          // A photo sent ahead is taken in this transaction: a refusal below leaves it waiting.
          const key = input.stagedPhoto
            ? (await staging.take(input.stagedPhoto.reference, input.stagedPhoto.holder, trx)).photoKey
            : photoKey;
          if (!(await repository.insert(reportId, deviceHash, now, trx))) throw already();
          const updated = await reports.addMeToo(reportId, now, trx);
          if (!updated) throw notOpen();
          if (key) await reports.addReporterPhoto(reportId, key, null, now, trx);
          return updated;
        });
      const updated = processed ? await withStoredPhoto(storage, processed, record) : await record(null);
      return { id: updated.id, meTooCount: updated.me_too_count, message: m.thanks };
    },
  };
}

export type MeTooService = ReturnType<typeof meTooService>;
