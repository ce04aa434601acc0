// The rules of checking in at a MUCU event. Each event has a secret key of its own, made when its
// organiser first opens the check-in screen and never sent anywhere; the code for a minute is derived
// from the key, the event and the minute, so every server process shows and accepts the same code
// without storing one. A code is taken in its own minute and the next (a code read just before the
// minute turns still works). A volunteer checks in only while the event's check-in is open, and is
// recorded as attending once, exactly as an attendance an administrator adds (with its achievements).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { toIso } from '#server/db/tables.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '#server/errors.ts';
import type { CheckInResult, CheckInScreen } from '#shared/contracts/check-in.ts';
import { eventMessages } from '#shared/domain/event-messages.ts';
import {
  CHECK_IN_CLOSES_AFTER_START_MS,
  CHECK_IN_CODE_ALPHABET,
  CHECK_IN_CODE_LENGTH,
  CHECK_IN_CODE_MINUTE_MS,
  CHECK_IN_OPENS_BEFORE_MS,
  checkInMessages,
  checkInWindow,
} from '#shared/domain/check-in.ts';
import { eventCheckInPath, routes } from '#shared/routes.ts';
import { awardAchievements } from '#server/features/achievements/index.ts';
import { checkInRepository } from './check-in.repository.ts';
import { eventsRepository, type EventRow } from './events.repository.ts';
import type { EventsDeps } from './event-jobs.ts';

/** Events a typed code is compared with at most: those whose check-in is open at one moment. */
const MOST_EVENTS_OPEN_AT_ONCE = 50;

/** The code of this event for this minute (minutes since the epoch). */
export function checkInCode(secret: string, eventId: number, minute: number): string {
  const digest = createHmac('sha256', secret).update(`mucu-check-in:${eventId}:${minute}`).digest();
  // 48 bits spread over the letters: 31^6 is well under 2^48, so every code is about equally likely.
  let value = digest.readUIntBE(0, 6);
  let code = '';
  for (let i = 0; i < CHECK_IN_CODE_LENGTH; i++) {
    code += CHECK_IN_CODE_ALPHABET[value % CHECK_IN_CODE_ALPHABET.length];
    value = Math.floor(value / CHECK_IN_CODE_ALPHABET.length);
  }
  return code;
}

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

export function checkInService({ db, clock, publicUrl }: Omit<EventsDeps, 'dialect'>) {
  const repository = checkInRepository(db);
  const minuteOf = (now: Date) => Math.floor(now.getTime() / CHECK_IN_CODE_MINUTE_MS);
  const isOpen = (row: EventRow, now: Date) => {
    const { opensAt, closesAt } = checkInWindow(toIso(row.date));
    return opensAt <= now.getTime() && now.getTime() < closesAt;
  };
  /** Whether `code` is this event's code for this minute or the one before. */
  const matches = (code: string, secret: string, eventId: number, now: Date) => {
    const minute = minuteOf(now);
    return [minute, minute - 1].some((m) => sameCode(code, checkInCode(secret, eventId, m)));
  };

  return {
    /** The organiser's screen: this minute's code and its link while check-in is open. */
    async screen(eventId: number): Promise<CheckInScreen> {
      const now = clock.now();
      const event = await eventsRepository(db).findById(eventId);
      if (!event) throw new NotFoundError(eventMessages.eventNotFound);
      const secret = await repository.ensureSecret(eventId, randomBytes(32).toString('base64url'), now.toISOString());
      const { opensAt, closesAt } = checkInWindow(toIso(event.date));
      const open = isOpen(event, now);
      const minute = minuteOf(now);
      const code = open ? checkInCode(secret, eventId, minute) : null;
      return {
        eventId,
        eventName: event.name,
        opensAt: new Date(opensAt).toISOString(),
        closesAt: new Date(closesAt).toISOString(),
        open,
        code,
        link: code ? `${publicUrl}${eventCheckInPath(eventId, code)}` : null,
        typeAt: `${publicUrl}${routes.checkIn}`,
        changesAt: new Date((minute + 1) * CHECK_IN_CODE_MINUTE_MS).toISOString(),
        checkedIn: await repository.attendedCount(eventId),
      };
    },

    /**
     * Checks the volunteer in with a code: from an event's link (`eventId`), only that event's code is
     * taken; typed alone, it is compared with every event whose check-in is open now.
     */
    async checkIn(volunteerId: number, input: { code: string; eventId?: number }): Promise<CheckInResult> {
      const now = clock.now();
      let event: EventRow | undefined;
      if (input.eventId !== undefined) {
        const row = await eventsRepository(db).findById(input.eventId);
        if (!row) throw new NotFoundError(eventMessages.eventNotFound);
        if (!isOpen(row, now)) throw new ConflictError(checkInMessages.notOpen(row.name), { code: 'CheckInClosed' });
        const secret = await repository.findSecret(row.id);
        if (secret && matches(input.code, secret, row.id, now)) event = row;
      } else {
        const candidates = await repository.openable(
          new Date(now.getTime() - CHECK_IN_CLOSES_AFTER_START_MS).toISOString(),
          new Date(now.getTime() + CHECK_IN_OPENS_BEFORE_MS).toISOString(),
          MOST_EVENTS_OPEN_AT_ONCE,
        );
        event = candidates.find((row) => isOpen(row, now) && matches(input.code, row.secret, row.id, now));
      }
      if (!event) throw new UnprocessableError(checkInMessages.wrongCode, { code: 'WrongCheckInCode' });
      const found = event;
      const recorded = await db.transaction().execute(async (trx) => {
        const added = await eventsRepository(trx).insertAttendance(found.id, volunteerId, null, now.toISOString());
        if (added) await awardAchievements(trx, volunteerId, now);
        return added !== undefined;
      });
      return {
        event: { id: found.id, name: found.name, location: found.location, date: toIso(found.date) },
        recorded,
        message: recorded ? checkInMessages.checkedIn(found.name) : checkInMessages.alreadyCheckedIn(found.name),
      };
    },
  };
}

export type CheckInService = ReturnType<typeof checkInService>;
