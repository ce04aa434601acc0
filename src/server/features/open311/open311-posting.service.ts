// POST requests from partner apps: the key says which partner; the place (three words, or lat/long
// turned into words) and the photo fetched from media_url go through the same report intake as the
// app's own form, and the new report is marked with the partner's name in its own transaction.
import type { Db } from '#server/db/client.ts';
import { FetchRefusal } from '#server/http/public-fetch.ts';
import { AppError } from '#server/errors.ts';
import { open311Refusals, type Open311PostRequest } from '#shared/contracts/open311.ts';
import type { ApiKeysService, Partner } from './api-keys.service.ts';

/** A report as the intake takes it (the reports feature's own input, as app.ts passes it through). */
export interface PartnerReportInput {
  what3words: string;
  description: string | null;
  latitude?: number;
  longitude?: number;
  offensive: boolean;
  photo: Buffer;
  /** Run in the report's own transaction, with its new row. */
  alsoInTransaction(trx: Db, report: { id: number }): Promise<void>;
}

export interface Open311PostingDeps {
  keys: ApiKeysService;
  createReport(input: PartnerReportInput): Promise<{ id: number }>;
  /** The three words at a point. */
  wordsAt(latitude: number, longitude: number): Promise<string>;
  /** The photo at media_url (https, public addresses only, bounded); throws FetchRefusal. */
  fetchPhoto(url: string): Promise<Buffer>;
  /** Photos fetched at once in this process, at most. */
  maxFetches?: number;
  now(): Date;
}

export const serviceNotice =
  'Volunteers clean it; offensive graffiti is cleaned first. Follow it at requests/{id} until it is closed.';

export function open311PostingService({
  keys,
  createReport,
  wordsAt,
  fetchPhoto,
  maxFetches = 4,
  now,
}: Open311PostingDeps) {
  let fetching = 0;
  return {
    /** The partner an api_key belongs to; a 403 for none. */
    async partner(apiKey: string | undefined): Promise<Partner> {
      const partner = await keys.partnerOf(apiKey);
      if (!partner) throw new AppError(403, open311Refusals.apiKey);
      return partner;
    },

    async post(
      partner: Partner,
      form: Open311PostRequest,
    ): Promise<{ service_request_id: number; service_notice: string }> {
      if (fetching >= maxFetches) throw new AppError(503, open311Refusals.busy, { headers: { 'Retry-After': '10' } });
      fetching++;
      let photo: Buffer;
      try {
        photo = await fetchPhoto(form.mediaUrl);
      } catch (error) {
        if (error instanceof FetchRefusal) throw new AppError(400, error.message);
        throw error;
      } finally {
        fetching--;
      }
      const words = form.words ?? (await wordsAt(form.point!.latitude, form.point!.longitude));
      const report = await createReport({
        what3words: words,
        description: form.description ?? null,
        ...(form.point ? { latitude: form.point.latitude, longitude: form.point.longitude } : {}),
        offensive: form.serviceCode === 'graffiti-offensive',
        photo,
        alsoInTransaction: (trx, row) =>
          keys.recordRequest(trx, {
            reportId: row.id,
            apiKeyId: partner.keyId,
            partnerName: partner.name,
            now: now().toISOString(),
          }),
      });
      await keys.markUsed(partner);
      return { service_request_id: report.id, service_notice: serviceNotice };
    },
  };
}

export type Open311PostingService = ReturnType<typeof open311PostingService>;
