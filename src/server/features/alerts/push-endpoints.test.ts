// Which addresses and endpoints push messages may go to, and the name check every connection makes.
import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '#server/http/public-address.ts';
import { NonPublicAddressError, pushEndpointPolicy } from './push-endpoints.ts';

describe('a public address', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.251',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:0:0',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '100::1',
    '2001::1',
    '2001:db8::1',
    '2002:7f00:1::1',
    'not an address',
    'localhost',
  ])('%s is not one', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '142.250.187.234',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::142.250.187.234',
    '2a00:1450:4009:81f::200a',
    '2606:4700:4700::1111',
  ])('%s is one', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the endpoints push messages may go to', () => {
  const policy = pushEndpointPolicy();

  it("are a browser's push service on the standard port", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://FCM.googleapis.com:443/fcm/send/abc',
    ]) {
      expect(policy.problemWith(endpoint), endpoint).toBeNull();
    }
  });

  it('are never an address inside, however it is written', () => {
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://2130706433/push',
      'https://0x7f.1/push',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://[::ffff:a9fe:a9fe]/latest',
    ]) {
      expect(policy.problemWith(endpoint), endpoint).toMatch(/public internet address/);
    }
  });

  it('a test service is accepted only at its own origin and addresses', () => {
    const local = pushEndpointPolicy({ testService: { origin: 'https://127.0.0.1:4443', addresses: ['127.0.0.1'] } });
    expect(local.problemWith('https://127.0.0.1:4443/push/1')).toBeNull();
    expect(local.problemWith('https://127.0.0.1:4444/push/1')).toMatch(/public internet address/);
    expect(local.problemWith('https://localhost:4443/push/1')).toMatch(/push service/);
    const unlisted = pushEndpointPolicy({ testService: { origin: 'https://127.0.0.1:4443', addresses: [] } });
    expect(unlisted.problemWith('https://127.0.0.1:4443/push/1')).toMatch(/public internet address/);
  });
});

describe('the name check of each connection', () => {
  /** A resolver answering these addresses for any name, as DNS would. */
  const answering = (...addresses: string[]) =>
    ((_host: string, _options: object, callback: (e: Error | null, a: dns.LookupAddress[]) => void) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      )) as unknown as typeof dns.lookup;

  const lookUp = (resolve: typeof dns.lookup, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown; family?: number }>((done) =>
      pushEndpointPolicy({ resolve }).lookup('push.example', { all }, (error, address, family) =>
        done({ error, address, family }),
      ),
    );

  it('answers a public address in the form the connection asked for', async () => {
    expect(await lookUp(answering('142.250.187.234'), false)).toEqual({
      error: null,
      address: '142.250.187.234',
      family: 4,
    });
    expect((await lookUp(answering('2a00:1450:4009:81f::200a', '142.250.187.234'), true)).address).toEqual([
      { address: '2a00:1450:4009:81f::200a', family: 6 },
      { address: '142.250.187.234', family: 4 },
    ]);
  });

  it('refuses a name with any address inside, even beside a public one', async () => {
    for (const addresses of [['127.0.0.1'], ['142.250.187.234', '10.0.0.5'], ['::ffff:192.168.0.1'], ['fd00::1']]) {
      const { error } = await lookUp(answering(...addresses), true);
      expect(error, addresses.join()).toBeInstanceOf(NonPublicAddressError);
    }
  });
});
