// Load on `GET /api/reports` with autocannon: once for full answers and once revalidating with the
// list's ETag, which must be answered 304 every time.
import autocannon, { type Result } from 'autocannon';

const CONNECTIONS = 10;
const DURATION_S = 5;
const REQUEST_TIMEOUT_S = 20;

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  completed: number;
  /** Count of answers by HTTP status, e.g. { '200': 312 }. */
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface ListCheck {
  etag: string;
  reportCount: number;
  bodyBytes: number;
  /** Whether a single request with If-None-Match got 304 with an empty body. */
  revalidates: boolean;
}

/** One plain fetch of the list first: it must hold the seeded reports and carry an ETag that works. */
export async function checkList(baseUrl: string): Promise<ListCheck> {
  const url = `${baseUrl}/api/reports`;
  const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000) });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET /api/reports answered ${response.status}: ${body.slice(0, 300)}`);
  const etag = response.headers.get('etag');
  if (!etag) throw new Error('GET /api/reports answered without an ETag');
  const again = await fetch(url, {
    headers: { 'If-None-Match': etag },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000),
  });
  const againBody = await again.text();
  return {
    etag,
    reportCount: (JSON.parse(body) as unknown[]).length,
    bodyBytes: Buffer.byteLength(body),
    revalidates: again.status === 304 && againBody.length === 0,
  };
}

/**
 * Full answers, each to another person (the server, which trusts the bench's loopback as its proxy,
 * reads each request's X-Forwarded-For): one client may have the whole list only a few times a minute.
 */
export function loadFullList(baseUrl: string): Promise<LoadFigures> {
  return load(`${baseUrl}/api/reports`, {}, { manyClients: true });
}

/** Full answers as a browser asks for them: 'Accept-Encoding: br' (answered from the compressed list). */
export function loadFullListBrotli(baseUrl: string): Promise<LoadFigures> {
  return load(`${baseUrl}/api/reports`, { 'Accept-Encoding': 'br' }, { manyClients: true });
}

/** A new address from the benchmarking range (198.18.0.0/15, RFC 2544) for each request. */
function nextClient(): () => string {
  let n = 0;
  return () => {
    n++;
    return `198.18.${(n >> 8) & 0xff}.${n & 0xff}`;
  };
}

export function loadRevalidations(baseUrl: string, etag: string): Promise<LoadFigures> {
  return load(`${baseUrl}/api/reports`, { 'If-None-Match': etag });
}

async function load(url: string, headers: Record<string, string>, { manyClients = false } = {}): Promise<LoadFigures> {
  const client = nextClient();
  const result: Result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: REQUEST_TIMEOUT_S,
    ...(manyClients
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { ...headers, ...request.headers, 'x-forwarded-for': client() },
              }),
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    completed: result.requests.total,
    statusCounts: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** True when every request of the run was answered with `status` and nothing failed. */
export function allAnswered(figures: LoadFigures, status: number): boolean {
  const counts = Object.entries(figures.statusCounts);
  return (
    figures.completed > 0 &&
    figures.errors === 0 &&
    figures.timeouts === 0 &&
    counts.length === 1 &&
    counts[0]![0] === String(status) &&
    counts[0]![1] === figures.completed
  );
}
