// The one shared call every request goes through: credentials always included, FormData sent as is, any
// other body as JSON, responses parsed as JSON, and a response that is not ok raises an error whose message
// is "<status>: <body text or status text>".
import type { ErrorResponse } from '#shared/contracts/errors.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
    /** The answer's Retry-After header, when it had one. */
    readonly retryAfter: string | null = null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's error body, when it sent our `{ statusCode, error, message }` shape. */
  get body(): ErrorResponse | null {
    try {
      const parsed = JSON.parse(this.bodyText) as Partial<ErrorResponse>;
      return typeof parsed.message === 'string' ? (parsed as ErrorResponse) : null;
    } catch {
      return null;
    }
  }
}

/** A fetch failed before any answer came: offline, or the signal dropped. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The connection failed. Check your signal and try again.', { cause });
    this.name = 'NetworkError';
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer's JSON, unchecked: callers go through `api` (api.ts), which types it from the endpoint's definition. */
export async function apiRequest(url: string, method: HttpMethod = 'GET', body?: unknown): Promise<unknown> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new NetworkError(error);
  }
  await throwIfNotOk(response);
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text, response.statusText, response.headers.get('Retry-After'));
}

/** Title and text for a toast about a failed call: the server's words where it gave them. */
export function describeError(error: unknown, fallback = 'Please try again'): { title?: string; message: string } {
  if (error instanceof ApiError) {
    const body = error.body;
    if (body) return { title: body.title, message: body.message };
    return { message: error.bodyText || fallback };
  }
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: fallback };
}
