// Safety and consent before a claim. A volunteer accepts the operator's safety briefing once each
// London calendar year, confirming their age band the first time; under-16s never claim a site
// alone. A report an administrator marks as needing the owner's consent (private property) is
// withheld from volunteers until an administrator records who gave consent and when.
import type { AgeBand, OwnerConsent, SafetyBriefingResponse } from '#shared/contracts/safety.ts';
import { cityTime } from '#shared/domain/city-clock.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import { ConflictError, NotFoundError, ValidationError } from '#server/errors.ts';
import { findReportById, reportsRepository } from '#server/features/reports/index.ts';
import { safetyRepository, type ConsentRow } from './safety.repository.ts';

export const DEFAULT_SAFETY_BRIEFING = [
  'Wear gloves and eye protection whenever you clean, and keep them on until you have packed up.',
  'Use only the cleaning products you were given, as their labels say. Never mix chemicals, keep them away from drains and out of reach of the public, and wash your skin at once if any gets on it.',
  'Watch for traffic: stay on the pavement, never work in the road, and wear something bright near a road.',
  'Do not climb ladders, walls or railings. Clean only what you can reach with both feet on the ground.',
  'Never clean alone at night. After dark, go with at least one other person or wait for daylight.',
  'Stop if anything feels unsafe - a person, the surface, the weather or a substance you do not recognise - and leave the site. You can give the site back at any time.',
].join('\n\n');

export const safetyMessages = {
  briefingNeeded: "Please read and accept this year's safety briefing before you claim a site.",
  ageBandNeeded: 'Please confirm whether you are under 16 or 16 or over before you claim a site.',
  underSixteen: 'Volunteers under 16 cannot claim a site on their own. Please clean with an adult at a group event.',
  consentNotMarked: "This report is not marked as needing the owner's consent.",
  consentInFuture: 'The day the owner gave consent cannot be later than today.',
} as const;

function toOwnerConsent(reportId: number, row: ConsentRow | undefined): OwnerConsent {
  return {
    reportId,
    needed: row !== undefined,
    givenBy: row?.given_by ?? null,
    givenAt: toIsoOrNull(row?.given_at),
  };
}

export interface SafetyServiceDeps {
  db: Db;
  clock: Clock;
  /** The operator's own briefing; the default above when unset. */
  briefing?: string;
}

export function safetyService({ db, clock, briefing = DEFAULT_SAFETY_BRIEFING }: SafetyServiceDeps) {
  const thisYear = () => cityTime(clock.now()).year;
  const safety = safetyRepository(db);
  const reports = reportsRepository(db);

  async function briefingFor(volunteerId: number): Promise<SafetyBriefingResponse> {
    const row = await safety.safetyOf(volunteerId);
    return {
      briefing,
      acceptedThisYear: row !== undefined && row.briefing_year === thisYear(),
      acceptedAt: row ? toIso(row.accepted_at) : null,
      ageBand: row?.age_band ?? null,
    };
  }

  return {
    briefingFor,

    async accept(volunteerId: number, ageBand: AgeBand | undefined): Promise<SafetyBriefingResponse> {
      const now = clock.now().toISOString();
      const existing = await safety.safetyOf(volunteerId);
      // The age band is confirmed once: a later acceptance keeps the band first given.
      const band = existing?.age_band ?? ageBand;
      if (!band) throw new ValidationError(safetyMessages.ageBandNeeded);
      await safety.accept(volunteerId, thisYear(), now, band);
      return briefingFor(volunteerId);
    },

    /** Throws the message a volunteer sees when they may not claim a site by themselves. */
    async assertMayClaim(volunteerId: number | null): Promise<void> {
      const row = volunteerId === null ? undefined : await safety.safetyOf(volunteerId);
      if (!row || row.briefing_year !== thisYear()) throw new ConflictError(safetyMessages.briefingNeeded);
      if (row.age_band === 'under-16') throw new ConflictError(safetyMessages.underSixteen);
    },

    /** Reports waiting for their owner's consent: not offered to volunteers and not claimed. */
    withheldReportIds: () => safety.withheldReportIds(),

    // Each change to a consent dates its report too, in one transaction, so the administrators' list
    // (whose version moves with every change to a report) shows the new mark at its next refresh.
    async markConsentNeeded(reportId: number, needed: boolean): Promise<OwnerConsent> {
      return reports.transaction(async (trx) => {
        if (!(await findReportById(trx, reportId))) throw new NotFoundError('Report not found');
        const now = clock.now().toISOString();
        const row = await safety.markNeeded(reportId, needed, now, trx);
        await reports.touch(reportId, now, trx);
        return toOwnerConsent(reportId, row);
      });
    },

    async recordConsent(reportId: number, givenBy: string, givenAt: string | undefined): Promise<OwnerConsent> {
      const now = clock.now().toISOString();
      if (givenAt !== undefined && new Date(givenAt).getTime() > clock.now().getTime())
        throw new ValidationError(safetyMessages.consentInFuture);
      return reports.transaction(async (trx) => {
        const row = await safety.recordConsent(reportId, givenBy, givenAt ?? now, now, trx);
        if (!row) throw new NotFoundError(safetyMessages.consentNotMarked);
        await reports.touch(reportId, now, trx);
        return toOwnerConsent(reportId, row);
      });
    },
  };
}

export type SafetyService = ReturnType<typeof safetyService>;
