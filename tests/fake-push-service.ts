// A push service in the test process, speaking RFC 8030 over real HTTPS with a certificate made for
// this run. It hands out subscriptions whose keys it holds (a P-256 key pair and an auth secret, as a
// browser makes), so it can decrypt each message (aes128gcm, http_ece) and check its VAPID signature
// (an ES256 JWT for our public key, RFC 8292). Each subscription answers 201 unless told otherwise.
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { decrypt } from 'http_ece';

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  status: number | 'hang';
  headers: Record<string, string | undefined>;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  vapid: { publicKey: string; claims: { aud: string; exp: number; sub: string } };
}

export type PushAnswer = number | 'hang';

export interface FakePushService {
  origin: string;
  /**
   * The app's test-only push option for this service: its origin is accepted as a push endpoint, and
   * 127.0.0.1 (where it listens) may be connected to although it is not a public address.
   */
  testService: { origin: string; addresses: string[] };
  /** The certificate (its own authority), PEM. */
  ca: string;
  /** The same, in a file, as NODE_EXTRA_CA_CERTS takes it. */
  caFile: string;
  subscribe(): TestSubscription;
  /** The next answers of this subscription's endpoint, in order (then 201 again). */
  answer(subscriptionId: string, ...answers: PushAnswer[]): void;
  /** Every request, delivered or not, in arrival order. */
  requests: ReceivedPush[];
  /** Requests answered 201. */
  delivered(subscriptionId?: string): ReceivedPush[];
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** Checks an RFC 8292 `vapid t=<jwt>, k=<key>` header; throws unless the signature holds. */
export function verifyVapid(authorization: string | undefined, endpointOrigin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [headerPart, claimsPart, signaturePart] = jwt.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString()) as { alg: string; typ: string };
  if (header.alg !== 'ES256') throw new Error(`VAPID JWT alg ${header.alg}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID key is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  const now = Date.now() / 1000;
  if (claims.aud !== endpointOrigin) throw new Error(`VAPID aud ${claims.aud} is not ${endpointOrigin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`VAPID exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`VAPID sub ${claims.sub}`);
  return { publicKey: key, claims };
}

export async function startFakePushService(): Promise<FakePushService> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-push-'));
  const caFile = path.join(dir, 'ca.pem');
  fs.writeFileSync(caFile, pems.cert);

  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, PushAnswer[]>();
  const requests: ReceivedPush[] = [];
  const waiters: Array<() => void> = [];
  let origin = '';

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const subscription = id ? keys.get(id) : undefined;
      if (!id || !subscription || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      const answer = answers.get(id)?.shift() ?? 201;
      let received: ReceivedPush;
      try {
        // The audience is the origin the sender was given: 127.0.0.1 or localhost, with the port.
        const vapid = verifyVapid(request.headers.authorization, `https://${request.headers.host}`);
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: subscription.auth,
        });
        received = {
          subscriptionId: id,
          status: answer,
          headers: {
            'content-encoding': request.headers['content-encoding'],
            ttl: request.headers.ttl as string | undefined,
            urgency: request.headers.urgency as string | undefined,
          },
          payload: JSON.parse(plain.toString('utf8')) as unknown,
          vapid,
        };
      } catch (error) {
        // A message we cannot verify or read is a failed test, not a retry: answer 400 and say why.
        response.writeHead(400).end(String(error));
        requests.push({
          subscriptionId: id,
          status: 400,
          headers: {},
          payload: { error: String(error) },
          vapid: { publicKey: '', claims: { aud: '', exp: 0, sub: '' } },
        });
        waiters.splice(0).forEach((wake) => wake());
        return;
      }
      requests.push(received);
      waiters.splice(0).forEach((wake) => wake());
      if (answer === 'hang') return; // never answers; the sender's timeout or our close ends it
      response.writeHead(answer, answer === 201 ? { Location: `${origin}/message/${requests.length}` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    testService: { origin, addresses: ['127.0.0.1'] },
    ca: pems.cert,
    caFile,
    requests,
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    answer(subscriptionId, ...next) {
      answers.set(subscriptionId, [...(answers.get(subscriptionId) ?? []), ...next]);
    },
    delivered(subscriptionId) {
      return requests.filter(
        (r) => r.status === 201 && (subscriptionId === undefined || r.subscriptionId === subscriptionId),
      );
    },
    async waitForRequests(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline)
          throw new Error(`only ${requests.length} of ${count} push requests within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
