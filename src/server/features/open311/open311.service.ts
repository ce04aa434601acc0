// Reports as GeoReport v2 service requests: the two services, the discovery document, and the search
// of GET requests with the specification's defaults (90 days, 1,000 requests). Only a report's public
// record goes out: no descriptions typed by people, no e-mails, names, devices or tokens.
import { createHash } from 'node:crypto';
import type { Clock } from '#server/clock.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import { photoUrls } from '#server/features/photos/index.ts';
import type { PublicReportFilter, PublicReportRow, PublicReportsRepository } from '#server/features/reports/index.ts';
import {
  OPEN311_BASE,
  OPEN311_MAX_REQUESTS,
  OPEN311_SERVICE_CODES,
  OPEN311_WINDOW_DAYS,
  type Open311RequestsQuery,
  type Open311ServiceCode,
  type Open311Status,
} from '#shared/contracts/open311.ts';
import type { ReportStatus } from '#shared/domain/report-status.ts';

/** One service, its fields in the specification's order. */
export interface GeoReportService {
  service_code: Open311ServiceCode;
  service_name: string;
  description: string;
  metadata: boolean;
  type: 'realtime';
  keywords: string;
  group: string;
}

/**
 * One service request, its fields in the specification's order. service_notice, expected_datetime
 * and address_id have nothing to say here and are left out; media_url is left out for offensive graffiti.
 */
export interface GeoReportRequest {
  service_request_id: number;
  status: Open311Status;
  status_notes: string;
  service_name: string;
  service_code: Open311ServiceCode;
  description: string;
  agency_responsible: string;
  requested_datetime: string;
  updated_datetime: string;
  address: string;
  zipcode: null;
  lat: number | null;
  long: number | null;
  media_url?: string;
}

const services: Record<Open311ServiceCode, GeoReportService> = {
  graffiti: {
    service_code: 'graffiti',
    service_name: 'Graffiti',
    description: 'Graffiti on a wall, door, fence, bin or other surface, cleaned by volunteers.',
    metadata: false,
    type: 'realtime',
    keywords: 'graffiti, tag, tagging, spray paint, vandalism',
    group: 'street cleaning',
  },
  'graffiti-offensive': {
    service_code: 'graffiti-offensive',
    service_name: 'Offensive graffiti',
    description:
      'Graffiti that is racist, sexual, threatening or otherwise offensive: cleaned first, and its photo never shown in public.',
    metadata: false,
    type: 'realtime',
    keywords: 'offensive graffiti, hate graffiti, racist graffiti, obscene graffiti',
    group: 'street cleaning',
  },
};

/** What each of our statuses is in Open311's two, and the words that say which it is. */
const statusOf: Record<ReportStatus, { status: Open311Status; notes: string }> = {
  reported: { status: 'open', notes: 'Reported' },
  cleaning: { status: 'open', notes: 'A volunteer is cleaning it' },
  completed: { status: 'closed', notes: 'Cleaned by volunteers' },
};

/** Which of our statuses each Open311 status stands for. */
const reportStatusesOf: Record<Open311Status, ReportStatus[]> = {
  open: ['reported', 'cleaning'],
  closed: ['completed'],
};

/** When the services last changed: discovery's changeset, which tells clients to refresh what they keep. */
const SERVICES_CHANGESET = '2026-11-29T00:00:00Z';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A W3C date-time in UTC to the second, the form every GeoReport client reads. */
export const w3cDateTime = (iso: string) => iso.replace(/\.\d+Z$/, 'Z');

export const serviceCodeOf = (row: Pick<PublicReportRow, 'priority'>): Open311ServiceCode =>
  row.priority ? 'graffiti-offensive' : 'graffiti';

/** The photo's public address, or none for offensive graffiti, whose photo is never shown in public. */
export function publicPhotoUrl(publicUrl: string, row: Pick<PublicReportRow, 'priority' | 'photo_key'>): string | null {
  return row.priority ? null : `${publicUrl}${photoUrls(row.photo_key).photoUrl}`;
}

export interface Open311Deps {
  repository: PublicReportsRepository;
  clock: Clock;
  publicUrl: string;
  /** Who answers for the requests (agency_responsible) and how to reach them (discovery's contact). */
  operatorName: string;
  operatorEmail: string;
  /** The body that cleaned each of these reports, for those closed by the owner they were referred to. */
  closedBy?: (reportIds: readonly number[]) => Promise<Map<number, string>>;
}

export function open311Service({ repository, clock, publicUrl, operatorName, operatorEmail, closedBy }: Open311Deps) {
  /** The rows as requests; a report its owner cleaned says who cleaned it. */
  async function toRequests(rows: PublicReportRow[]): Promise<GeoReportRequest[]> {
    const completed = rows.filter((row) => row.status === 'completed').map((row) => row.id);
    const cleaners = closedBy && completed.length > 0 ? await closedBy(completed) : new Map<number, string>();
    return rows.map((row) => toRequest(row, cleaners.get(row.id)));
  }

  function toRequest(row: PublicReportRow, cleanedBy?: string): GeoReportRequest {
    const code = serviceCodeOf(row);
    const { status, notes: usualNotes } = statusOf[row.status];
    const notes = cleanedBy ? `Cleaned by ${cleanedBy}` : usualNotes;
    const completedAt = toIsoOrNull(row.completed_at);
    const photo = publicPhotoUrl(publicUrl, row);
    return {
      service_request_id: row.id,
      status,
      status_notes: notes,
      service_name: services[code].service_name,
      service_code: code,
      description: `${services[code].service_name} reported to ${operatorName}.`,
      agency_responsible: operatorName,
      requested_datetime: w3cDateTime(toIso(row.reported_at)),
      // A closed request's update is when it was closed, as the specification says.
      updated_datetime: w3cDateTime(row.status === 'completed' && completedAt ? completedAt : toIso(row.updated_at)),
      address: row.what3words,
      zipcode: null,
      lat: row.latitude,
      long: row.longitude,
      ...(photo ? { media_url: photo } : {}),
    };
  }

  /**
   * The filter a query stands for. Without dates the window is the 90 days up to now, counted from
   * the start of the hour, so answers within the hour share an ETag; a start alone runs 90 days on,
   * an end alone 90 days back.
   */
  function filterOf(query: Open311RequestsQuery): PublicReportFilter {
    const limit = OPEN311_MAX_REQUESTS;
    if (query.service_request_id) return { ids: query.service_request_id, limit };
    const window = OPEN311_WINDOW_DAYS * DAY_MS;
    let from: Date;
    let to: Date | undefined;
    if (query.start_date) {
      from = query.start_date;
      to = query.end_date ?? new Date(from.getTime() + window);
    } else if (query.end_date) {
      to = query.end_date;
      from = new Date(to.getTime() - window);
    } else {
      from = new Date(Math.floor(clock.now().getTime() / HOUR_MS) * HOUR_MS - window);
    }
    const codes = query.service_code;
    return {
      from: from.toISOString(),
      ...(to ? { to: to.toISOString() } : {}),
      ...(query.status ? { statuses: query.status.flatMap((status) => reportStatusesOf[status]) } : {}),
      ...(codes && codes.length === 1 ? { offensive: codes[0] === 'graffiti-offensive' } : {}),
      limit,
    };
  }

  return {
    services: (): GeoReportService[] => OPEN311_SERVICE_CODES.map((code) => services[code]),

    /** The discovery document, its fields in the specification's order. */
    discovery: () => ({
      changeset: SERVICES_CHANGESET,
      contact: `${operatorName}: ${operatorEmail}. Service requests are read here, and partner apps with an API key post them here; people make them on ${publicUrl}.`,
      key_service: `Reading service requests needs no key. To post them, ask ${operatorEmail} for an API key for your app.`,
      endpoints: [
        {
          specification: 'http://wiki.open311.org/GeoReport_v2',
          url: `${publicUrl}${OPEN311_BASE}`,
          changeset: SERVICES_CHANGESET,
          type: 'production',
          formats: ['text/xml', 'application/json'],
        },
      ],
    }),

    /**
     * The answer's ETag for a query at a version of the report list: the same filter at the same
     * version always selects the same requests.
     */
    etagOf(query: Open311RequestsQuery, version: string, format: string): string {
      const key = JSON.stringify({ filter: filterOf(query), format });
      return `"o311-${version}-${createHash('sha256').update(key).digest('base64url').slice(0, 16)}"`;
    },

    /** The requests a query selects, newest first, at most 1,000; named ones in the order named. */
    async requests(query: Open311RequestsQuery): Promise<GeoReportRequest[]> {
      const rows = await repository.find(filterOf(query));
      const found = await toRequests(rows);
      const ids = query.service_request_id;
      if (!ids) return found;
      const byId = new Map(found.map((request) => [request.service_request_id, request]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async request(id: number): Promise<GeoReportRequest | undefined> {
      const rows = await repository.find({ ids: [id], limit: 1 });
      return (await toRequests(rows))[0];
    },
  };
}

export type Open311Service = ReturnType<typeof open311Service>;
