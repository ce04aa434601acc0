// A bare Fastify answering `GET /api/reports` with the same ETag revalidation as the app (304 when
// If-None-Match matches), and nothing else: the yardstick for the app's unchanged-list answer. Run as
// a child process by bench/list-304.ts; it prints its port as JSON on its first line.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const ETAG = '"v1"';
const app = Fastify({ logger: false });
app.get('/api/reports', async (request, reply) => {
  void reply.header('ETag', ETAG).header('Cache-Control', 'no-cache');
  if (request.headers['if-none-match'] === ETAG) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send('[]');
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: (app.server.address() as AddressInfo).port, etag: ETAG }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
