// POST /api/reports: one report as a multipart form. Used for a fresh submission
// and again, with the same idempotency key, for every retry of a report kept on the device. A report
// whose photo was sent ahead names it by its reference; should the server no longer have it (used,
// expired), the same report goes again at once with the photo itself.
import type { CreatedReport } from '#shared/contracts/reports.ts';
import { reportsApi } from '#client/lib/calls/reports.ts';
import { ApiError } from '#client/lib/api-client.ts';

export interface ReportSubmission {
  photo: Blob;
  photoName: string;
  what3words: string;
  description?: string;
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  /** Where the coordinates came from; the server assumes the device when this is absent. */
  locationSource?: 'device' | 'photo';
  /** The device's position when it gave other words: only to rank suggestions, should the words name no place. */
  nearLatitude?: number;
  nearLongitude?: number;
  /** 'Tell me when it is cleaned': the address gets a confirm link first. */
  notifyEmail?: string;
  /** 'Is it offensive ...?' answered yes. */
  offensive?: boolean;
  /** The same key on every retry, so the server stores the report once. */
  idempotencyKey: string;
  /** The reference of the photo sent ahead, sent in place of the photo while the server has it. */
  stagedPhoto?: string;
}

export function toReportFormData(submission: ReportSubmission): FormData {
  const form = new FormData();
  form.append('what3words', submission.what3words);
  if (submission.description) form.append('description', submission.description);
  if (submission.latitude !== undefined && submission.longitude !== undefined) {
    form.append('latitude', String(submission.latitude));
    form.append('longitude', String(submission.longitude));
    if (submission.accuracy !== undefined) form.append('accuracy', String(submission.accuracy));
    if (submission.locationSource) form.append('locationSource', submission.locationSource);
  } else if (submission.nearLatitude !== undefined && submission.nearLongitude !== undefined) {
    form.append('nearLatitude', String(submission.nearLatitude));
    form.append('nearLongitude', String(submission.nearLongitude));
  }
  if (submission.notifyEmail) form.append('notifyEmail', submission.notifyEmail);
  if (submission.offensive) form.append('offensive', 'true');
  form.append('idempotencyKey', submission.idempotencyKey);
  if (submission.stagedPhoto) form.append('stagedPhoto', submission.stagedPhoto);
  else form.append('photo', submission.photo, submission.photoName);
  return form;
}

export async function sendReport(submission: ReportSubmission): Promise<CreatedReport> {
  if (submission.stagedPhoto) {
    try {
      return await reportsApi.create({ form: toReportFormData(submission) });
    } catch (error) {
      if (!(error instanceof ApiError && error.body?.code === 'StagedPhotoGone')) throw error;
    }
  }
  return reportsApi.create({ form: toReportFormData({ ...submission, stagedPhoto: undefined }) });
}

/**
 * The coordinates to send: the device's reading when the person used
 * the location button for these words, else the photo's own GPS, else none (the server uses the words).
 * A reading that gave other words goes only as where the person is (`near`).
 */
export function coordinatesFor(
  device: { latitude: number; longitude: number; accuracy: number } | null,
  photoGps: { latitude: number; longitude: number } | null,
  near?: { latitude: number; longitude: number } | null,
):
  | { latitude: number; longitude: number; accuracy?: number; locationSource: 'device' | 'photo' }
  | { nearLatitude: number; nearLongitude: number }
  | Record<string, never> {
  if (device)
    return {
      latitude: device.latitude,
      longitude: device.longitude,
      accuracy: device.accuracy,
      locationSource: 'device',
    };
  if (photoGps) return { latitude: photoGps.latitude, longitude: photoGps.longitude, locationSource: 'photo' };
  return near ? { nearLatitude: near.latitude, nearLongitude: near.longitude } : {};
}

/**
 * A random key for one report. crypto.randomUUID exists only on https and localhost; a council
 * deployment reached over plain http still needs a key, and getRandomValues works everywhere.
 */
export function newIdempotencyKey(
  cryptoApi: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
