// A fake what3words v3 API on a real local HTTP server: it answers the conversions and AutoSuggest from a
// fixture table of places in and near the city, and reproduces each documented error on demand by key.
// Words it made up for a position (convert-to-3wa) convert back to that position, as real ones do.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers normally. */
export const FAKE_W3W_KEY = 'test-key';
/** A free plan that is used up: convert-to-coordinates answers 402 QuotaExceeded, convert-to-3wa works. */
export const FAKE_W3W_QUOTA_KEY = 'quota-key';
/** The server never answers, to test our timeout. */
export const FAKE_W3W_HANG_KEY = 'hang-key';
/** The server fails with 500 and a body that is not JSON. */
export const FAKE_W3W_BROKEN_KEY = 'broken-key';

export interface FakePlace {
  words: string;
  lat: number;
  lng: number;
  nearestPlace: string;
}

/** Invented words (not real what3words addresses) at real places in Edinburgh. */
export const FAKE_W3W_PLACES: FakePlace[] = [
  { words: 'castle.rock.esplanade', lat: 55.948595, lng: -3.199913, nearestPlace: 'Edinburgh' },
  { words: 'waverley.steps.train', lat: 55.95196, lng: -3.18937, nearestPlace: 'Edinburgh' },
  { words: 'arthur.seat.summit', lat: 55.944083, lng: -3.161775, nearestPlace: 'Edinburgh' },
  { words: 'shore.leith.harbour', lat: 55.975212, lng: -3.170174, nearestPlace: 'Leith, Edinburgh' },
  { words: 'portobello.beach.promenade', lat: 55.953928, lng: -3.108752, nearestPlace: 'Portobello, Edinburgh' },
  /** Two places spelt alike far apart (North Bridge and the Forth bridges), for ranking by focus. */
  { words: 'bridge.mural.north', lat: 55.951389, lng: -3.187778, nearestPlace: 'Edinburgh' },
  { words: 'bridge.mural.forth', lat: 55.989722, lng: -3.392778, nearestPlace: 'South Queensferry, Edinburgh' },
  /** Outside the city: AutoSuggest clipped to Edinburgh never offers it, and reports there are refused. */
  { words: 'george.square.glasgow', lat: 55.861111, lng: -4.250278, nearestPlace: 'Glasgow' },
];

/** The fake's own spelling rule for AutoSuggest: places whose words differ in at most this many letters. */
const SUGGEST_DISTANCE = 4;

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The `X-Api-Key` header, if sent. */
  apiKeyHeader: string | undefined;
}

export interface FakeWhat3words {
  /** The base URL to use as W3W_API_URL, e.g. http://127.0.0.1:41234/v3 */
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

// A what3words square is about 3 m: half a side in degrees at Edinburgh's latitude.
const HALF_LAT = 0.0000135;
const HALF_LNG = 0.000024;

const BAD_WORDS_FORMAT = 'words must be a valid 3 word address, such as filled.count.soap or ///filled.count.soap';

export async function startFakeWhat3words(options: { validKeys?: string[] } = {}): Promise<FakeWhat3words> {
  const validKeys = new Set(
    options.validKeys ?? [FAKE_W3W_KEY, FAKE_W3W_QUOTA_KEY, FAKE_W3W_HANG_KEY, FAKE_W3W_BROKEN_KEY],
  );
  const requests: FakeRequest[] = [];
  const issued = new Map<string, FakePlace>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const apiKeyHeader = typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : undefined;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query, apiKeyHeader });

    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const fail = (status: number, code: string, message: string) => send(status, { error: { code, message } });

    const operation = url.pathname.replace(/^\/v3/, '');
    if (req.method !== 'GET' || !['/convert-to-coordinates', '/convert-to-3wa', '/autosuggest'].includes(operation)) {
      return fail(404, 'NotFound', 'Not found');
    }
    const key = query.key ?? apiKeyHeader;
    if (!key || !validKeys.has(key)) return fail(401, 'InvalidKey', 'Authentication failed; invalid API key');
    if (key === FAKE_W3W_HANG_KEY) return; // never answer; close() ends the connection
    if (key === FAKE_W3W_BROKEN_KEY) {
      res.writeHead(500, { 'Content-Type': 'text/html' });
      return res.end('<h1>Internal Server Error</h1>');
    }

    if (operation === '/autosuggest') {
      const input = (query.input ?? '').replace(/^\/{3}/, '').toLowerCase();
      if (!input) return fail(400, 'BadInput', 'input must be specified');
      const box = parseBox(query['clip-to-bounding-box']);
      if (query['clip-to-bounding-box'] !== undefined && !box)
        return fail(400, 'BadClipToBoundingBox', 'Invalid clip-to-bounding-box');
      const limit = Math.min(Number(query['n-results'] ?? 3) || 3, 100);
      const focus = query.focus === undefined ? null : parseFocus(query.focus);
      if (query.focus !== undefined && !focus) return fail(400, 'BadFocus', 'Invalid focus');
      const suggestions = [...FAKE_W3W_PLACES, ...issued.values()]
        .filter((p) => !box || (p.lat >= box.south && p.lat <= box.north && p.lng >= box.west && p.lng <= box.east))
        .map((p) => ({ place: p, distance: letterDistance(input, p.words), km: focus ? kmBetween(focus, p) : 0 }))
        .filter((s) => s.distance <= SUGGEST_DISTANCE)
        // Spelling first; with a focus, the nearer of places spelt alike.
        .sort((a, b) => a.distance - b.distance || a.km - b.km)
        .slice(0, limit)
        .map(({ place, km }, i) => ({
          country: 'GB',
          nearestPlace: place.nearestPlace,
          words: place.words,
          // As the real service gives it: whole kilometres, and only when a focus was sent.
          ...(focus ? { distanceToFocusKm: Math.round(km) } : {}),
          rank: i + 1,
          language: 'en',
        }));
      return send(200, { suggestions });
    }

    if (operation === '/convert-to-coordinates') {
      if (key === FAKE_W3W_QUOTA_KEY)
        return fail(402, 'QuotaExceeded', 'Quota Exceeded. Please upgrade your usage plan');
      if (query.words === undefined || query.words === '') return fail(400, 'MissingWords', 'words must be specified');
      const words = query.words.replace(/^\/{3}/, '');
      if (!/^[a-z]+\.[a-z]+\.[a-z]+$/.test(words)) return fail(400, 'BadWords', BAD_WORDS_FORMAT);
      const place = FAKE_W3W_PLACES.find((p) => p.words === words) ?? issued.get(words);
      if (!place) return fail(400, 'BadWords', 'Invalid or non-existent 3 word address');
      return send(200, successBody(place));
    }

    const match = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(query.coordinates ?? '');
    if (!match) return fail(400, 'BadCoordinates', 'coordinates must be two comma separated lat,lng coordinates');
    const lat = Number(match[1]);
    const lng = Number(match[2]);
    if (lat < -90 || lat > 90) return fail(400, 'BadCoordinates', 'latitude must be >=-90 and <= 90');
    if (lng < -180 || lng > 180) return fail(400, 'BadCoordinates', 'longitude must be >=-180 and <= 180');
    let place = FAKE_W3W_PLACES.find((p) => Math.abs(p.lat - lat) <= HALF_LAT && Math.abs(p.lng - lng) <= HALF_LNG);
    if (!place) {
      // Anywhere else gets stable made-up words, so any position converts as with the real service.
      place = { words: madeUpWords(lat, lng), lat, lng, nearestPlace: 'Edinburgh' };
      issued.set(place.words, place);
    }
    return send(200, { ...successBody(place), language: query.language ?? 'en' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function successBody(place: FakePlace) {
  return {
    country: 'GB',
    square: {
      southwest: { lng: round6(place.lng - HALF_LNG), lat: round6(place.lat - HALF_LAT) },
      northeast: { lng: round6(place.lng + HALF_LNG), lat: round6(place.lat + HALF_LAT) },
    },
    nearestPlace: place.nearestPlace,
    coordinates: { lng: round6(place.lng), lat: round6(place.lat) },
    words: place.words,
    language: 'en',
    locale: null,
    map: `https://w3w.co/${place.words}`,
  };
}

const FILLER = [
  'amber',
  'brick',
  'cider',
  'dune',
  'ember',
  'fjord',
  'gorse',
  'heron',
  'inlet',
  'jetty',
  'kelp',
  'loch',
];

function madeUpWords(lat: number, lng: number): string {
  const a = Math.abs(Math.round(lat / (2 * HALF_LAT)));
  const b = Math.abs(Math.round(lng / (2 * HALF_LNG)));
  return [FILLER[a % 12], FILLER[b % 12], FILLER[(a + b) % 12]].join('.');
}

function parseBox(value: string | undefined) {
  const parts = (value ?? '').split(',').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [south, west, north, east] = parts as [number, number, number, number];
  return south <= north ? { south, west, north, east } : null;
}

function parseFocus(value: string) {
  const match = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(value);
  return match ? { lat: Number(match[1]), lng: Number(match[2]) } : null;
}

/** Great-circle kilometres (haversine, mean Earth radius). */
function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** Levenshtein distance between two strings. */
function letterDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}

const round6 = (value: number) => Number(value.toFixed(6));
