// A council's Open311 GeoReport v2 server in the test process, speaking XML as such servers do: it
// takes POST requests with its key (answering a service_request_id), answers GET requests/{id}.xml
// with each request's status and, as FixMyStreet does, GET servicerequestupdates.xml with every
// update made between start_date and end_date (both required); it can be told to close a request
// (or to answer any other status), to refuse what is posted, to answer 500, to be slow, or to drop
// the connection (down).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type CouncilMode = 'accept' | 'refuse' | '500' | 'slow' | 'down';

export interface CouncilUpdate {
  update_id: string;
  service_request_id: string;
  status: string;
  description: string;
  updated_datetime: string;
}

export interface FakeCouncil {
  url: string;
  apiKey: string;
  mode: CouncilMode;
  /** Every POST received (answered or not), as its form fields. */
  posts: Record<string, string>[];
  statusAsks: number;
  /** The query of every servicerequestupdates.xml asked for. */
  updateAsks: Record<string, string>[];
  /** Every update made, as servicerequestupdates.xml lists them. */
  updates: CouncilUpdate[];
  /** Closes a request (or sets another status, `fixed` or `not_councils_responsibility`), as one update. */
  close(id: string, notes: string, status?: string): void;
  stop(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="utf-8"?>\n${body}`;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `now` dates the updates (the test's clock); W3C date-times without fractions, as FixMyStreet writes them. */
export async function startFakeCouncil({ now = () => new Date() }: { now?: () => Date } = {}): Promise<FakeCouncil> {
  const requests = new Map<string, { status: string; notes: string }>();
  const w3c = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const council: FakeCouncil = {
    url: '',
    apiKey: 'council-key-for-clean-up-edinburgh',
    mode: 'accept',
    posts: [],
    statusAsks: 0,
    updateAsks: [],
    updates: [],
    close: (id, notes, status = 'closed') => {
      requests.set(id, { status: status === 'closed' ? 'closed' : status, notes });
      council.updates.push({
        update_id: `UPD-${council.updates.length + 1}`,
        service_request_id: id,
        status: status.toUpperCase(),
        description: notes,
        updated_datetime: w3c(now()),
      });
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').replace(/^\/open311\/v2/, '');
      const posted = request.method === 'POST' && path === '/requests.xml';
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      // Every POST that arrives is counted, whatever the answer.
      if (posted) council.posts.push(fields);
      if (council.mode === 'down') return void request.socket.destroy();
      if (council.mode === 'slow') return; // never answers
      const send = (status: number, body: string) =>
        response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' }).end(xml(body));
      if (council.mode === '500')
        return send(500, '<errors><error><code>500</code><description>CRM is down</description></error></errors>');
      if (posted && council.mode === 'refuse')
        return send(
          400,
          '<errors><error><code>400</code><description>service_code GRAF is not a service here</description></error></errors>',
        );
      if (posted) {
        if (fields.api_key !== council.apiKey)
          return send(
            403,
            '<errors><error><code>403</code><description>Invalid api_key</description></error></errors>',
          );
        const id = `EDC-${1000 + council.posts.length}`;
        requests.set(id, { status: 'open', notes: 'Passed to the graffiti team' });
        return send(
          200,
          `<service_requests><request><service_request_id>${id}</service_request_id><service_notice>We aim to remove it within 10 working days</service_notice><account_id/></request></service_requests>`,
        );
      }
      const [where, query] = path.split('?');
      if (request.method === 'GET' && where === '/servicerequestupdates.xml') {
        const asked = Object.fromEntries(new URLSearchParams(query ?? ''));
        council.updateAsks.push(asked);
        if (asked.api_key !== council.apiKey)
          return send(
            403,
            '<errors><error><code>403</code><description>Invalid api_key</description></error></errors>',
          );
        const from = Date.parse(asked.start_date ?? '');
        const to = Date.parse(asked.end_date ?? '');
        if (Number.isNaN(from) || Number.isNaN(to))
          return send(
            400,
            '<errors><error><code>400</code><description>start_date and end_date are both required</description></error></errors>',
          );
        const inWindow = council.updates.filter((u) => {
          const at = Date.parse(u.updated_datetime);
          return at >= from && at <= to;
        });
        return send(
          200,
          `<service_requests_updates>${inWindow
            .map(
              (u) =>
                `<request_update><update_id>${u.update_id}</update_id><service_request_id>${u.service_request_id}</service_request_id><status>${u.status}</status><description>${escape(u.description)}</description><updated_datetime>${u.updated_datetime}</updated_datetime><media_url/></request_update>`,
            )
            .join('')}</service_requests_updates>`,
        );
      }
      const asked = /^\/requests\/([\w-]+)\.xml/.exec(path)?.[1];
      if (request.method === 'GET' && asked) {
        council.statusAsks++;
        const found = requests.get(asked);
        if (!found)
          return send(
            404,
            '<errors><error><code>404</code><description>No such request</description></error></errors>',
          );
        return send(
          200,
          `<service_requests><request><service_request_id>${asked}</service_request_id><status>${found.status}</status><status_notes>${found.notes}</status_notes><service_name>Graffiti</service_name><service_code>GRAF</service_code><requested_datetime>2026-11-29T08:00:00+00:00</requested_datetime><updated_datetime>2026-11-29T09:00:00+00:00</updated_datetime></request></service_requests>`,
        );
      }
      send(404, '<errors><error><code>404</code><description>Not found</description></error></errors>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  council.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/open311/v2`;
  return council;
}
