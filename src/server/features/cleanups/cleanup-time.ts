// A clean-up's time is measured from claim to completion. The volunteer may correct it down (a break,
// a claim made before setting out), never above the measured time, and says why; the measured time
// is kept beside it. Every total reads the corrected minutes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { UnprocessableError, NotFoundError } from '#server/errors.ts';
import { serve } from '#server/http/serve.ts';
import { signedInVolunteerId } from '#server/plugins/auth.ts';
import { eventLogEndpoints } from '#shared/contracts/event-logs.ts';
import { eventLogMessages as m } from '#shared/domain/event-logs.ts';
import { cleanupsRepository } from './cleanups.repository.ts';

export async function correctCleanupTime(
  db: Db,
  volunteerId: number,
  cleanupId: number,
  minutes: number,
  note: string,
) {
  return db.transaction().execute(async (trx) => {
    const repository = cleanupsRepository(trx);
    const current = await repository.findOwn(cleanupId, volunteerId);
    if (!current) throw new NotFoundError(m.cleanupNotFound);
    const measured = current.measured_minutes ?? current.minutes_worked;
    if (minutes > measured) throw new UnprocessableError(m.aboveMeasured(measured), { code: 'AboveMeasured' });
    const row = await repository.correctTime(cleanupId, minutes, measured, note);
    return {
      id: row.id,
      minutes: row.minutes_worked,
      measuredMinutes: row.measured_minutes ?? measured,
      note: row.time_note,
    };
  });
}

export async function cleanupTimeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  serve(app, eventLogEndpoints.correctCleanupTime, { access: 'volunteer' }, (request) =>
    correctCleanupTime(db, signedInVolunteerId(request), request.params.id, request.body.minutes, request.body.note),
  );
}
