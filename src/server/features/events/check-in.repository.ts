// The event_check_in_keys table: the secret each event's changing check-in codes are derived from,
// and the events whose check-in may be open at a moment.
import { countOf, type Db } from '#server/db/client.ts';
import type { EventRow } from './events.repository.ts';

export function checkInRepository(db: Db) {
  const secretOf = (eventId: number) =>
    db.selectFrom('event_check_in_keys').select('secret').where('mucu_id', '=', eventId);
  return {
    async findSecret(eventId: number): Promise<string | undefined> {
      return (await secretOf(eventId).executeTakeFirst())?.secret;
    },

    /** Keeps `secret` as the event's key unless it has one already; answers the key kept. */
    async ensureSecret(eventId: number, secret: string, now: string): Promise<string> {
      await db
        .insertInto('event_check_in_keys')
        .values({ mucu_id: eventId, secret, created_at: now })
        .onConflict((oc) => oc.column('mucu_id').doNothing())
        .execute();
      return (await secretOf(eventId).executeTakeFirstOrThrow()).secret;
    },

    /**
     * Events starting in [from, to] whose organiser has opened check-in, with their keys: the events a
     * typed code may be for. At most `limit`, soonest first.
     */
    openable(from: string, to: string, limit: number): Promise<(EventRow & { secret: string })[]> {
      return db
        .selectFrom('mucu_events')
        .innerJoin('event_check_in_keys', 'event_check_in_keys.mucu_id', 'mucu_events.id')
        .selectAll('mucu_events')
        .select('event_check_in_keys.secret')
        .where('mucu_events.date', '>=', from)
        .where('mucu_events.date', '<=', to)
        .orderBy('mucu_events.date')
        .orderBy('mucu_events.id')
        .limit(limit)
        .execute();
    },

    attendedCount: (eventId: number) => countOf(db.selectFrom('mucu_attendances').where('mucu_id', '=', eventId)),
  };
}
