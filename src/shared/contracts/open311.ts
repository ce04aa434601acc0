// The read side of Open311 GeoReport v2 (under /open311/v2, in XML and JSON) and the open data
// downloads: their paths, the two services, and the query of GET requests, checked here.
import { z } from 'zod';
import { MAX_ROW_ID } from './ids.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { isMultilineText, withLineFeeds } from './text.ts';

/** Where the GeoReport v2 resources live; each is asked for as `<resource>.xml` or `<resource>.json`. */
export const OPEN311_BASE = '/open311/v2';
export const OPEN311_FORMATS = ['xml', 'json'] as const;
export type Open311Format = (typeof OPEN311_FORMATS)[number];

/** The two kinds of report, as Open311 services; offensive graffiti is cleaned first and its photo never shown. */
export const OPEN311_SERVICE_CODES = ['graffiti', 'graffiti-offensive'] as const;
export type Open311ServiceCode = (typeof OPEN311_SERVICE_CODES)[number];

export const OPEN311_STATUSES = ['open', 'closed'] as const;
export type Open311Status = (typeof OPEN311_STATUSES)[number];

/** GeoReport v2's default and widest window of requested_datetime, and its most requests per answer. */
export const OPEN311_WINDOW_DAYS = 90;
export const OPEN311_MAX_REQUESTS = 1000;

export const open311Refusals = {
  ids: 'service_request_id must be request numbers separated by commas, for example 12,15.',
  tooManyIds: `service_request_id may name at most ${OPEN311_MAX_REQUESTS} requests.`,
  serviceCode: `service_code must be ${OPEN311_SERVICE_CODES.join(' or ')}, separated by commas.`,
  status: 'status must be open or closed, separated by commas.',
  date: (name: string) =>
    `${name} must be a date and time with its time zone (W3C format), for example 2026-01-31T00:00:00Z.`,
  order: 'start_date must not be later than end_date.',
  span: `start_date and end_date may be at most ${OPEN311_WINDOW_DAYS} days apart.`,
  notAsked: 'Ask for a resource as .xml or .json, for example services.xml.',
  unknownRequest: (id: string) => `There is no service request ${id}.`,
  unknownService: (code: string) =>
    `There is no service ${code}; the services are ${OPEN311_SERVICE_CODES.join(', ')}.`,
  apiKey: 'api_key is missing, or is not a key this server issued (or it was revoked). Ask the operator for one.',
  serviceCodeMissing: `service_code is required: ${OPEN311_SERVICE_CODES.join(' or ')}.`,
  location:
    'Give the place as lat and long, or as three words in address_string (for example ///filled.count.soap); address_id is not used here.',
  latLong: 'lat and long must both be numbers in WGS84 degrees.',
  mediaRequired: 'media_url is required: every report here carries a photo of the graffiti, fetched over https.',
  description: 'description must be at most 4,000 characters, without control characters other than line breaks.',
  unknownToken: (token: string) =>
    `There is no token ${token}: this server answers a new request with its service_request_id at once and gives no tokens.`,
  busy: 'Too many photos are being fetched just now. Please try again in a moment.',
} as const;

/** A photo fetched from a partner's media_url: at most this size, within this time. */
export const OPEN311_MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const OPEN311_MEDIA_TIMEOUT_MS = 20_000;

/** Three words as address_string gives them: 'filled.count.soap', with or without the leading '///'. */
const THREE_WORDS = /^(?:\/\/\/)?([a-z]+\.[a-z]+\.[a-z]+)$/;

const optionalField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const text = (Array.isArray(value) ? value[value.length - 1] : value)?.trim();
    return text ? text : undefined;
  });

const coordinate = (min: number, max: number) =>
  optionalField.refine(
    (value) =>
      value === undefined || (/^-?\d+(\.\d+)?$/.test(value) && Math.abs(Number(value)) <= max && Number(value) >= min),
    {
      message: open311Refusals.latLong,
    },
  );

/**
 * POST requests' form (application/x-www-form-urlencoded), after the key is checked. The person's
 * details a client may send (email, device_id, account_id, first_name, last_name, phone) and
 * attributes are not read: nothing personal is kept from a partner, and neither service has attributes.
 */
export const open311PostRequestSchema = z
  .object({
    service_code: optionalField.refine((code) => code !== undefined, {
      message: open311Refusals.serviceCodeMissing,
      abort: true,
    }),
    lat: coordinate(-90, 90),
    long: coordinate(-180, 180),
    address_string: optionalField,
    address_id: optionalField,
    description: optionalField.refine((text) => text === undefined || (text.length <= 4000 && isMultilineText(text)), {
      message: open311Refusals.description,
    }),
    media_url: optionalField.refine((url) => url !== undefined, { message: open311Refusals.mediaRequired }),
  })
  .transform((form, context) => {
    const words = form.address_string ? THREE_WORDS.exec(form.address_string.toLowerCase())?.[1] : undefined;
    const hasPoint = form.lat !== undefined && form.long !== undefined;
    if (form.lat !== undefined || form.long !== undefined) {
      if (!hasPoint) context.addIssue({ code: 'custom', message: open311Refusals.latLong });
    } else if (!words) {
      context.addIssue({ code: 'custom', message: open311Refusals.location });
    }
    return {
      serviceCode: form.service_code!,
      point: hasPoint ? { latitude: Number(form.lat), longitude: Number(form.long) } : undefined,
      words,
      description: form.description ? withLineFeeds(form.description) : undefined,
      mediaUrl: form.media_url!,
    };
  });

export type Open311PostRequest = z.output<typeof open311PostRequestSchema>;

/**
 * A query argument that may be declared several times and hold several values separated by commas;
 * absent, empty and blank all mean "not given" (GeoReport v2's optional arguments).
 */
const commaList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const items = [value ?? []]
      .flat()
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean);
    return items.length > 0 ? items : undefined;
  });

/** A comma list of the allowed values only, each once. */
const commaListOf = <T extends string>(allowed: readonly T[], message: string) =>
  commaList
    .refine((items) => items === undefined || items.every((item) => (allowed as readonly string[]).includes(item)), {
      message,
    })
    .transform((items) => (items ? [...new Set(items as T[])] : undefined));

const W3C_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * A W3C date-time with its zone, as an instant. A '+' sent unencoded arrives as a space; it is read
 * as the '+' it was. Impossible dates (30 February, hour 24) are refused, not rolled over.
 */
export function parseW3cDateTime(text: string): Date | null {
  const value = text.trim().replace(/ (\d{2}:\d{2})$/, '+$1');
  const match = W3C_DATE_TIME.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, , offsetHours, offsetMinutes] = match.map(Number);
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth) return null;
  if (hour! > 23 || minute! > 59 || (second ?? 0) > 59) return null;
  if ((offsetHours ?? 0) > 14 || (offsetMinutes ?? 0) > 59) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) || year! < 1970 ? null : instant;
}

const w3cDateTime = (name: string) =>
  optionalField.transform((text, context) => {
    if (text === undefined) return undefined;
    const instant = parseW3cDateTime(text);
    if (!instant) {
      context.addIssue({ code: 'custom', message: open311Refusals.date(name) });
      return z.NEVER;
    }
    return instant;
  });

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET requests' query. Unknown arguments (jurisdiction_id: this endpoint serves one jurisdiction;
 * api_key: reading needs none) are ignored. service_request_id overrides every other argument.
 */
export const open311RequestsQuerySchema = z
  .object({
    service_request_id: commaList
      .refine(
        (ids) =>
          ids === undefined || ids.every((id) => /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= MAX_ROW_ID),
        {
          message: open311Refusals.ids,
        },
      )
      .refine((ids) => ids === undefined || new Set(ids).size <= OPEN311_MAX_REQUESTS, {
        message: open311Refusals.tooManyIds,
      })
      .transform((ids) => (ids ? [...new Set(ids.map(Number))] : undefined)),
    service_code: commaListOf(OPEN311_SERVICE_CODES, open311Refusals.serviceCode),
    start_date: w3cDateTime('start_date'),
    end_date: w3cDateTime('end_date'),
    status: commaListOf(OPEN311_STATUSES, open311Refusals.status),
  })
  .superRefine((query, context) => {
    if (query.service_request_id || !query.start_date || !query.end_date) return;
    if (query.start_date > query.end_date) context.addIssue({ code: 'custom', message: open311Refusals.order });
    else if (query.end_date.getTime() - query.start_date.getTime() > OPEN311_WINDOW_DAYS * DAY_MS)
      context.addIssue({ code: 'custom', message: open311Refusals.span });
  });

export type Open311RequestsQuery = z.output<typeof open311RequestsQuerySchema>;

/** The open data downloads: a file each, so no JSON answer shape. */
export const openDataEndpoints = {
  reportsGeoJson: endpoint(apiRoutes.openData.reportsGeoJson, { response: null }),
  reportsCsv: endpoint(apiRoutes.openData.reportsCsv, { response: null }),
};
