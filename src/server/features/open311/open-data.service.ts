// Every report's public record as open data, GeoJSON and CSV, under the licence the operator sets:
// where and when, its status, and the photo's public address (none for offensive graffiti). Nothing
// personal. Each file is built once per version of the report list and kept with its compressed forms.
import { createHash } from 'node:crypto';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import { toCsv, type CsvCell } from '#server/features/analytics/index.ts';
import type { PublicReportRow, PublicReportsRepository } from '#server/features/reports/index.ts';
import { keptText, type KeptText } from '#server/http/conditional-get.ts';
import { publicPhotoUrl, w3cDateTime } from './open311.service.ts';

export type OpenDataFormat = 'geojson' | 'csv';

export interface OpenDataLicence {
  licenceName: string;
  licenceUrl: string;
}

/** The most reports one file holds, newest first: far past the city's reports, and a bound on memory. */
export const OPEN_DATA_MAX_REPORTS = 250_000;

export const CSV_HEADER = [
  'id',
  'reported_at',
  'status',
  'completed_at',
  'what3words',
  'latitude',
  'longitude',
  'photo_url',
] as const;

export interface OpenDataDeps {
  repository: PublicReportsRepository;
  publicUrl: string;
  licence: OpenDataLicence;
  /** Who publishes the data, named in the GeoJSON file. */
  publisher: string;
}

export function openDataService({ repository, publicUrl, licence, publisher }: OpenDataDeps) {
  const kept: Partial<Record<OpenDataFormat, { version: string; text: KeptText }>> = {};
  // A changed licence is another file, whatever the reports.
  const licenceTag = createHash('sha256')
    .update(`${licence.licenceName}\n${licence.licenceUrl}`)
    .digest('base64url')
    .slice(0, 8);

  function record(row: PublicReportRow) {
    const completedAt = toIsoOrNull(row.completed_at);
    return {
      id: row.id,
      reported_at: w3cDateTime(toIso(row.reported_at)),
      status: row.status,
      completed_at: completedAt ? w3cDateTime(completedAt) : null,
      what3words: row.what3words,
      photo_url: publicPhotoUrl(publicUrl, row),
    };
  }

  function geoJson(rows: PublicReportRow[]): string {
    return JSON.stringify({
      type: 'FeatureCollection',
      name: `${publisher}: graffiti reports`,
      publisher,
      licence: { name: licence.licenceName, url: licence.licenceUrl },
      features: rows.map((row) => ({
        type: 'Feature',
        id: row.id,
        // A report whose words could not be placed yet has no point (RFC 7946 allows a null geometry).
        geometry:
          row.latitude !== null && row.longitude !== null
            ? { type: 'Point', coordinates: [row.longitude, row.latitude] }
            : null,
        properties: record(row),
      })),
    });
  }

  function csv(rows: PublicReportRow[]): string {
    const lines: CsvCell[][] = rows.map((row) => {
      const fields = { ...record(row), latitude: row.latitude, longitude: row.longitude };
      return CSV_HEADER.map((column) => fields[column]);
    });
    return toCsv([[...CSV_HEADER], ...lines]);
  }

  return {
    licence,

    etagOf: (format: OpenDataFormat, version: string) => `"od-${format}-${version}-${licenceTag}"`,

    /** The file at this version of the report list, built the first time it is asked for. */
    async file(format: OpenDataFormat, version: string): Promise<KeptText> {
      const known = kept[format];
      if (known?.version === version) return known.text;
      const rows = await repository.find({ limit: OPEN_DATA_MAX_REPORTS });
      const text = keptText(format === 'geojson' ? geoJson(rows) : csv(rows));
      kept[format] = { version, text };
      return text;
    },
  };
}

export type OpenDataService = ReturnType<typeof openDataService>;
