// A volunteer's record as a certificate. The figures over the chosen period (London calendar days,
// both included) are worked out once, when it is issued, and kept: the PDF and the check page state the
// same figures however the record grows later. The check link's code is 128 random bits, unrelated to
// the volunteer; the check page answers only the figures, and nothing once the volunteer withdraws it.
import { randomBytes } from 'node:crypto';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import { NotFoundError, ValidationError } from '#server/errors.ts';
import {
  certificateMessages as m,
  type Certificate,
  type CertificateFigures,
} from '#shared/contracts/record-certificates.ts';
import { cityDayOf, cityDayStart, cityInstant, cityTime } from '#shared/domain/city-clock.ts';
import { verifyPath } from '#shared/routes.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { recordCertificatesRepository, type CertificateRow } from './record-certificates.repository.ts';

const CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The instant the London day 'YYYY-MM-DD' starts. */
function dayStart(isoDay: string): Date {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  return cityInstant({ year, month, day, hour: 0, minute: 0 });
}

export function recordCertificatesService({
  db,
  clock,
  publicUrl,
  operator,
}: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  operator: string;
}) {
  const repository = recordCertificatesRepository(db);
  const figuresOf = (row: CertificateRow): CertificateFigures => ({
    from: row.period_from,
    to: row.period_to,
    minutes: row.minutes,
    sitesCleaned: row.sites_cleaned,
    eventsAttended: row.events_attended,
    issuedAt: toIso(row.issued_at),
  });
  const toCertificate = (row: CertificateRow): Certificate => ({
    ...figuresOf(row),
    id: row.id,
    code: row.code,
    verifyUrl: `${publicUrl}${verifyPath(row.code)}`,
    withdrawnAt: toIsoOrNull(row.withdrawn_at),
  });

  return {
    async list(volunteerId: number): Promise<Certificate[]> {
      return (await repository.ofVolunteer(volunteerId)).map(toCertificate);
    },

    async issue(volunteerId: number, period: { from: string; to: string }): Promise<Certificate> {
      const now = clock.now();
      const today = cityDayOf(cityTime(now));
      if (period.to > today || period.from < '2000-01-01') throw new ValidationError(m.periodInvalid);
      const from = dayStart(period.from).toISOString();
      const to = cityDayStart(dayStart(period.to), 1).toISOString();
      const figures = await repository.figures(volunteerId, from, to);
      const row = await repository.insert({
        volunteer_id: volunteerId,
        code: randomBytes(16).toString('base64url'),
        period_from: period.from,
        period_to: period.to,
        minutes: figures.minutes,
        sites_cleaned: figures.sitesCleaned,
        events_attended: figures.eventsAttended,
        issued_at: now.toISOString(),
      });
      return toCertificate(row);
    },

    async pdf(volunteerId: number, id: number, name: string | null): Promise<{ bytes: Uint8Array; fileName: string }> {
      const row = await repository.findOwn(id, volunteerId);
      if (!row) throw new NotFoundError(m.notFound);
      const certificate = toCertificate(row);
      const bytes = await certificatePdf({
        ...certificate,
        operator,
        name: name ?? 'a volunteer',
        issuedOn: cityDayOf(cityTime(certificate.issuedAt)),
      });
      return { bytes, fileName: `volunteer-record-${certificate.from}-to-${certificate.to}.pdf` };
    },

    async withdraw(volunteerId: number, id: number): Promise<Certificate> {
      const row = await repository.findOwn(id, volunteerId);
      if (!row) throw new NotFoundError(m.notFound);
      if (row.withdrawn_at !== null) return toCertificate(row);
      return toCertificate(await repository.withdraw(id, clock.now().toISOString()));
    },

    /** The figures of a standing certificate; 404 for any code that is not one. */
    async verify(code: string): Promise<CertificateFigures> {
      const row = CODE_PATTERN.test(code) ? await repository.findStanding(code) : undefined;
      if (!row) throw new NotFoundError(m.verifyNotFound);
      return figuresOf(row);
    },

    async exists(code: string): Promise<boolean> {
      return CODE_PATTERN.test(code) && (await repository.findStanding(code)) !== undefined;
    },
  };
}

export type RecordCertificatesService = ReturnType<typeof recordCertificatesService>;
