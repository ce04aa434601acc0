// Our side as an Open311 client of a responsible body's GeoReport v2 endpoint, in XML (the format
// every server speaks): POST a request with our key there, read back its service_request_id (or its
// token, then the id the token stands for), and GET a request's status. Each call gives up after a
// time; any answer that is not what the specification says is an error the caller retries.
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({ parseTagValue: false, trimValues: true });

export interface CouncilEndpoint {
  url: string;
  apiKey: string;
}

export class CouncilError extends Error {}

/** The first `<request>` of a `<service_requests>` answer, or the errors' descriptions as an error. */
function firstRequest(xml: string, status: number): Record<string, unknown> {
  let parsed: Record<string, unknown>;
  try {
    parsed = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new CouncilError(`answered ${status} with something that is not XML`);
  }
  const errors = (parsed.errors as { error?: unknown } | undefined)?.error;
  if (errors) {
    const list = [errors].flat() as { description?: string }[];
    throw new CouncilError(`answered ${status}: ${list.map((error) => error.description ?? '').join(' ')}`.trim());
  }
  if (status < 200 || status >= 300) throw new CouncilError(`answered ${status}`);
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
  };
}

export type CouncilClient = ReturnType<typeof councilClient>;
