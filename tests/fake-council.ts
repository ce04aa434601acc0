// A council's Open311 GeoReport v2 server in the test process, speaking XML as such servers do: it
// takes POST requests with its key (answering a service_request_id), answers GET requests/{id}.xml
// with each request's status, and can be told to close a request, to answer 500, to be slow, or to
// drop the connection (down).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type CouncilMode = 'accept' | '500' | 'slow' | 'down';

export interface FakeCouncil {
  url: string;
  apiKey: string;
  mode: CouncilMode;
  /** Every POST received (answered or not), as its form fields. */
  posts: Record<string, string>[];
  statusAsks: number;
  close(id: string, notes: string): void;
  stop(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="utf-8"?>\n${body}`;

export async function startFakeCouncil(): Promise<FakeCouncil> {
  const requests = new Map<string, { status: 'open' | 'closed'; notes: string }>();
  const council: FakeCouncil = {
    url: '',
    apiKey: 'council-key-for-clean-up-edinburgh',
    mode: 'accept',
    posts: [],
    statusAsks: 0,
    close: (id, notes) => void requests.set(id, { status: 'closed', notes }),
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
