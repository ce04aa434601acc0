// Our side as an Open311 client of a responsible body's GeoReport v2 endpoint, in XML (the format
// every server speaks): POST a request with our key there, read back its service_request_id (or its
// token, then the id the token stands for), GET a request's status, and, from a body that offers
// FixMyStreet's extension, GET servicerequestupdates.xml for every request's changes in a time window.
// Each call gives up after a time; any answer that is not what the specification says is an error the
// caller retries, unless the body refused the request itself (a 4xx other than 408 and 429), which
// trying again cannot change.
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'request_update',
});

export interface CouncilEndpoint {
  url: string;
  apiKey: string;
}

export class CouncilError extends Error {
  /** The body refused the request itself: sending the same again would be refused again. */
  readonly refused: boolean;
  constructor(message: string, status?: number) {
    super(message);
    this.refused = status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
  }
}

/** One entry of servicerequestupdates.xml, as FixMyStreet reads it. */
export interface RequestUpdate {
  updateId: string;
  serviceRequestId: string;
  /** Lower case, `_` read as a space ('not councils responsibility'). */
  status: string;
  description: string;
  /** Milliseconds since the epoch; NaN when missing or not a date. */
  updatedAt: number;
}

/** W3C date-time without fractions, as FixMyStreet sends start_date and end_date. */
const w3c = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A successful answer's XML, or its errors' descriptions (or its status) as an error. */
function parseAnswer(xml: string, status: number): Record<string, unknown> {
  let parsed: Record<string, unknown>;
  try {
    parsed = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new CouncilError(`answered ${status} with something that is not XML`);
  }
  const errors = (parsed.errors as { error?: unknown } | undefined)?.error;
  if (errors) {
    const list = [errors].flat() as { description?: string }[];
    throw new CouncilError(
      `answered ${status}: ${list.map((error) => error.description ?? '').join(' ')}`.trim(),
      status,
    );
  }
  if (status < 200 || status >= 300) throw new CouncilError(`answered ${status}`, status);
  return parsed;
}

/** The first `<request>` of a `<service_requests>` answer. */
function firstRequest(xml: string, status: number): Record<string, unknown> {
  const parsed = parseAnswer(xml, status);
  const request = (parsed.service_requests as { request?: unknown } | undefined)?.request;
  const first = [request ?? []].flat()[0];
  if (!first || typeof first !== 'object') throw new CouncilError('answered without a request');
  return first as Record<string, unknown>;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

export function councilClient({ timeoutMs = 15_000 }: { timeoutMs?: number } = {}) {
  async function call(url: string, init?: RequestInit): Promise<{ status: number; body: string }> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const name = (error as { name?: string }).name;
      throw new CouncilError(
        name === 'TimeoutError' ? `did not answer within ${Math.round(timeoutMs / 1000)} s` : 'could not be reached',
      );
    }
    return { status: response.status, body: (await response.text()).slice(0, 1_000_000) };
  }
  const base = (endpoint: CouncilEndpoint) => endpoint.url.replace(/\/$/, '');

  return {
    /** Posts a request; answers the body's service_request_id. */
    async post(endpoint: CouncilEndpoint, fields: Record<string, string>): Promise<string> {
      const { status, body } = await call(`${base(endpoint)}/requests.xml`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams({ api_key: endpoint.apiKey, ...fields }).toString(),
      });
      const request = firstRequest(body, status);
      const id = text(request.service_request_id);
      if (id) return id;
      const token = text(request.token);
      if (!token) throw new CouncilError('answered with neither service_request_id nor token');
      const answer = await call(`${base(endpoint)}/tokens/${encodeURIComponent(token)}.xml`);
      const byToken = text(firstRequest(answer.body, answer.status).service_request_id);
      if (!byToken) throw new CouncilError(`has not yet given an id for token ${token}`);
      return byToken;
    },

    /** A request's status and notes as the body gives them. */
    async status(endpoint: CouncilEndpoint, id: string): Promise<{ status: string; notes: string }> {
      const { status, body } = await call(`${base(endpoint)}/requests/${encodeURIComponent(id)}.xml`);
      const request = firstRequest(body, status);
      return { status: text(request.status).toLowerCase(), notes: text(request.status_notes) };
    },

    /**
     * The updates a body that offers servicerequestupdates.xml has made to any request from `start` to
     * `end` (both sent, as FixMyStreet requires). Entries without an update_id or a request id are left
     * out, as FixMyStreet leaves them.
     */
    async updates(endpoint: CouncilEndpoint, start: Date, end: Date): Promise<RequestUpdate[]> {
      const query = new URLSearchParams({ api_key: endpoint.apiKey, start_date: w3c(start), end_date: w3c(end) });
      const { status, body } = await call(`${base(endpoint)}/servicerequestupdates.xml?${query}`);
      const parsed = parseAnswer(body, status);
      // FixMyStreet names the root service_requests_updates; GeoReport's drafts service_request_updates.
      const root = (parsed.service_requests_updates ?? parsed.service_request_updates) as
        { request_update?: Record<string, unknown>[] } | '' | undefined;
      if (root === undefined) throw new CouncilError('answered without a list of updates');
      return (root === '' ? [] : (root.request_update ?? []))
        .map((entry) => ({
          updateId: text(entry.update_id),
          serviceRequestId: text(entry.service_request_id),
          status: text(entry.status).toLowerCase().replace(/_/g, ' '),
          description: text(entry.description),
          updatedAt: Date.parse(text(entry.updated_datetime)),
        }))
        .filter((update) => update.updateId !== '' && update.serviceRequestId !== '');
    },
  };
}

export type CouncilClient = ReturnType<typeof councilClient>;
