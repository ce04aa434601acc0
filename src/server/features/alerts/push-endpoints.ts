// Where push messages may go. A push subscription is a URL the server POSTs to, again and again for a
// day when it fails; taken as given, it would let anyone signed in make the server call its own
// network. So an endpoint must belong to one of the browsers' push services, and every connection is
// checked once more on the very address it is about to use, after the name is resolved: a name that
// later points inside (DNS rebinding) gets no connection either.
import dns from 'node:dns';
import net from 'node:net';

/** The push services of the browsers in use: Chrome and those built on it, Firefox, Safari, Edge. */
const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

/**
 * A push service on this machine that tests run (speaking the real protocol), accepted beside the
 * browsers' own: its origin is taken as an endpoint, and these addresses may be connected to although
 * they are not public. Only code passes it; nothing in the environment or the configuration can.
 */
export interface TestPushService {
  origin: string;
  addresses: readonly string[];
}

const pushEndpointMessages = {
  notPublic: (host: string) => `The push endpoint must be a public internet address; ${host} is not.`,
  unknownService: (host: string) =>
    `The push endpoint must belong to a browser's push service (Google, Mozilla, Apple or Microsoft); ${host} is not one.`,
  port: 'The push endpoint must use the standard HTTPS port.',
  notHttps: 'The push endpoint must be an https URL.',
} as const;

/** Thrown by the checked lookup: the name resolved to an address the server never connects to. */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
  constructor(host: string, address: string) {
    super(`push endpoint ${host} resolves to ${address}, which is not a public address`);
    this.name = 'NonPublicAddressError';
  }
}

// Addresses that are not on the public internet: IANA's special-purpose registries, less the few
// blocks that are globally reachable and still no place for a push service.
const notPublicIpv4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // this network, and the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  notPublicIpv4.addSubnet(network, prefix, 'ipv4');
}

/** IPv6 on the internet is global unicast (2000::/3), less its special blocks. */
const globalIpv6 = new net.BlockList();
globalIpv6.addSubnet('2000::', 3, 'ipv6');
const notPublicIpv6 = new net.BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: the IPv4 address inside could be any
  ['3fff::', 20], // documentation
] as const) {
  notPublicIpv6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail allowed, a zone dropped). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length > 0) return null;
  const part = (s: string | undefined) => (s ? s.split(':').map((group) => parseInt(group, 16)) : []);
  const start = part(head);
  const end = part(tail);
  const groups = tail === undefined ? start : [...start, ...Array(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:a.b.c.d) or behind the NAT64
 * prefix (64:ff9b::a.b.c.d, as DNS64 answers on an IPv6-only network), or null for any other.
 */
function embeddedIpv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  const mapped = zeros(0, 5) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !nat64) return null;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** True only for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !notPublicIpv4.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const ipv4 = embeddedIpv4(groups);
  // ::ffff:127.0.0.1 is 127.0.0.1. The unspecified ::, loopback ::1, unique-local fc00::/7, link-local
  // fe80::/10 and multicast ff00::/8 all lie outside global unicast.
  if (ipv4 !== null) return isPublicAddress(ipv4);
  const plain = address.split('%')[0]!;
  return globalIpv6.check(plain, 'ipv6') && !notPublicIpv6.check(plain, 'ipv6');
}

/** A URL's host as an address when it is one ('[::1]' gives '::1'), else null. */
function addressIn(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
}

function isPushServiceHost(hostname: string): boolean {
  return PUSH_SERVICE_HOSTS.some((host) =>
    host.startsWith('*.') ? hostname.endsWith(host.slice(1)) && hostname.length > host.length - 1 : hostname === host,
  );
}

export interface PushEndpointPolicy {
  /** What is wrong with the endpoint, in plain words, or null when messages may be sent to it. */
  problemWith(endpoint: string): string | null;
  /** Resolves a name for a connection, refusing any answer that holds an address not allowed. */
  lookup: net.LookupFunction;
}

export function pushEndpointPolicy({
  testService,
  resolve = dns.lookup,
}: { testService?: TestPushService; resolve?: typeof dns.lookup } = {}): PushEndpointPolicy {
  const testOrigin = testService ? new URL(testService.origin).origin : null;
  const testAddresses = new Set(testService?.addresses ?? []);
  const allowed = (address: string) => testAddresses.has(address) || isPublicAddress(address);

  return {
    problemWith(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return pushEndpointMessages.notHttps;
      }
      if (url.protocol !== 'https:') return pushEndpointMessages.notHttps;
      if (url.origin === testOrigin) {
        const address = addressIn(url.hostname);
        return address === null || allowed(address) ? null : pushEndpointMessages.notPublic(url.hostname);
      }
      const address = addressIn(url.hostname);
      if (address !== null && !isPublicAddress(address)) return pushEndpointMessages.notPublic(url.hostname);
      if (!isPushServiceHost(url.hostname)) return pushEndpointMessages.unknownService(url.hostname);
      if (url.port !== '') return pushEndpointMessages.port;
      return null;
    },

    lookup(hostname, options, callback) {
      resolve(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        const refused = addresses.find((entry) => !allowed(entry.address));
        if (refused) return callback(new NonPublicAddressError(hostname, refused.address), []);
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      });
    },
  };
}
