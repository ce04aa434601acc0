// A load balancer in miniature: each request goes to the next live server in turn, headers and body
// passed through unchanged (so a client's X-Forwarded-For reaches the server), and the answer names
// the server that gave it in `x-test-backend`.
import http from 'node:http';
import type net from 'node:net';

export interface Backend {
  name: string;
  port: number;
}

export interface RoundRobinProxy {
  url: string;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: () => Backend[]): Promise<RoundRobinProxy> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((request, response) => {
    const live = backends();
    if (live.length === 0) {
      response.writeHead(502).end();
      return;
    }
    const target = live[next++ % live.length]!;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-test-backend': target.name });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
