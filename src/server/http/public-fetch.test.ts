// The fetch of a partner's media_url: https only, public addresses only (checked on the address each
// connection is made to, and after every redirect), at most a size, within a time. The test server
// listens on 127.0.0.1 with a self-signed certificate, so the successful fetches pass it as the one
// address allowed and its authority; the refusals use the production policy, or a resolver that
// answers a test name with a private address.
import type dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '#tests/media-server.ts';
import { FetchRefusal, fetchPublicHttps, type AddressPolicy } from './public-fetch.ts';
import { isPublicAddress } from './public-address.ts';

describe('fetching a partner’s photo from a public https address', () => {
  let server: MediaServer;
  const photo = Buffer.from('a photo, as far as the fetch can tell');
  /** The test server's address allowed beside the public internet: what a test passes, never production. */
  const testServerToo: AddressPolicy = { allows: (address) => address === '127.0.0.1' || isPublicAddress(address) };
  /** Answers test names with the address a test chooses. */
  const resolver = (names: Record<string, string>): typeof dns.lookup =>
    ((hostname: string, _options: unknown, callback: (e: Error | null, a: dns.LookupAddress[]) => void) => {
      const address = names[hostname];
      if (!address) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
      callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
    }) as unknown as typeof dns.lookup;
  const limits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 5_000 };

  beforeAll(async () => {
    server = await startMediaServer();
    server.photo('/photo.jpg', photo);
  });
  afterAll(() => server.close());

  it('fetches a photo from an allowed address with a certificate it trusts', async () => {
    const fetched = await fetchPublicHttps(`${server.origin}/photo.jpg`, {
      ...limits,
      policy: testServerToo,
      ca: server.ca,
    });
    expect(fetched.body.equals(photo)).toBe(true);
  });

  it('refuses loopback, private, link-local and carrier-grade NAT addresses before connecting', async () => {
    const before = server.asked.length;
    for (const url of [
      `${server.origin}/photo.jpg`,
      'https://[::1]/photo.jpg',
      'https://10.0.0.8/photo.jpg',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.1.1/photo.jpg',
      'https://[fe80::1]/photo.jpg',
      'https://[::ffff:192.168.1.1]/photo.jpg',
    ]) {
      await expect(fetchPublicHttps(url, { ...limits, ca: server.ca }), url).rejects.toThrow(
        /is not a public internet address/,
      );
    }
    expect(server.asked.length).toBe(before);
  });

  it('refuses a name that resolves to a private address (checked at connect time)', async () => {
    await expect(
      fetchPublicHttps('https://walls.example/photo.jpg', {
        ...limits,
        resolve: resolver({ 'walls.example': '192.168.4.20' }),
      }),
    ).rejects.toThrow('walls.example is not a public internet address.');
  });

  it('refuses plain http and addresses with credentials', async () => {
    await expect(fetchPublicHttps('http://example.org/photo.jpg', limits)).rejects.toThrow(
      'media_url must be an https address.',
    );
    await expect(fetchPublicHttps('https://user:pw@example.org/photo.jpg', limits)).rejects.toBeInstanceOf(
      FetchRefusal,
    );
  });

  it('checks every redirect again: to loopback, to a private name, to http, or too many', async () => {
    server.redirect('/to-loopback', 'https://[::1]:443/photo.jpg');
    server.redirect('/to-private-name', 'https://intranet.example/photo.jpg');
    server.redirect('/to-http', `http://127.0.0.1/photo.jpg`);
    server.redirect('/to-photo', '/photo.jpg');
    for (let n = 0; n < 7; n++) server.redirect(`/loop${n}`, `/loop${n + 1}`);
    const options = {
      ...limits,
      policy: testServerToo,
      ca: server.ca,
      resolve: resolver({ 'intranet.example': '10.20.30.40' }),
    };
    await expect(fetchPublicHttps(`${server.origin}/to-loopback`, options)).rejects.toThrow(
      '[::1] is not a public internet address.',
    );
    await expect(fetchPublicHttps(`${server.origin}/to-private-name`, options)).rejects.toThrow(
      'intranet.example is not a public internet address.',
    );
    await expect(fetchPublicHttps(`${server.origin}/to-http`, options)).rejects.toThrow(
      'media_url must be an https address.',
    );
    await expect(fetchPublicHttps(`${server.origin}/loop0`, options)).rejects.toThrow('redirects more than 5 times');
    // A redirect to an allowed place is followed.
    expect((await fetchPublicHttps(`${server.origin}/to-photo`, options)).body.equals(photo)).toBe(true);
  });

  it('refuses a photo over the size limit, and one that does not come in time', async () => {
    await expect(
      fetchPublicHttps(`${server.origin}/photo.jpg`, {
        maxBytes: 10,
        timeoutMs: 5_000,
        policy: testServerToo,
        ca: server.ca,
      }),
    ).rejects.toThrow('media_url is larger than');
    // A resolver that never answers stands for an address that never answers.
    const never = (() => undefined) as unknown as typeof dns.lookup;
    await expect(
      fetchPublicHttps('https://slow.example/photo.jpg', { maxBytes: 100, timeoutMs: 200, resolve: never }),
    ).rejects.toThrow(/^media_url did not answer within 1 second/);
  });

  it('refuses a certificate it does not trust', async () => {
    await expect(fetchPublicHttps(`${server.origin}/photo.jpg`, { ...limits, policy: testServerToo })).rejects.toThrow(
      'media_url could not be fetched.',
    );
  });
});
