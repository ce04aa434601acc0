// An HTTPS server in the test process that hands out photos as a partner app's media_url would, with
// a certificate made for this run: a photo, a redirect to anywhere, a slow answer, an oversized one.
// Each request is recorded, so a test can show a refused address was never even asked.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

export interface MediaServer {
  origin: string;
  /** Its certificate (its own authority), PEM. */
  ca: string;
  /** Paths asked for, in order. */
  asked: string[];
  /** Serves these bytes at this path (as image/jpeg). */
  photo(path: string, bytes: Buffer): void;
  /** Answers this path with a redirect to the location given. */
  redirect(path: string, location: string): void;
  close(): Promise<void>;
}

export async function startMediaServer(): Promise<MediaServer> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const photos = new Map<string, Buffer>();
  const redirects = new Map<string, string>();
  const asked: string[] = [];
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const path = request.url ?? '/';
    asked.push(path);
    const location = redirects.get(path);
    if (location) return void response.writeHead(302, { location }).end();
    const photo = photos.get(path);
    if (!photo) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length }).end(photo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    ca: pems.cert,
    asked,
    photo: (path, bytes) => void photos.set(path, bytes),
    redirect: (path, location) => void redirects.set(path, location),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
