// Where push messages may go. A push subscription is a URL the server POSTs to, again and again for a
// day when it fails; taken as given, it would let anyone signed in make the server call its own
// network. So an endpoint must belong to one of the browsers' push services, and every connection is
// checked once more on the very address it is about to use, after the name is resolved: a name that
// later points inside (DNS rebinding) gets no connection either.
import dns from 'node:dns';
import net from 'node:net';
import { isPublicAddress } from '#server/http/public-address.ts';

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
      const url = URL.parse(endpoint);
      if (url?.protocol !== 'https:') return pushEndpointMessages.notHttps;
      const address = addressIn(url.hostname);
      if (url.origin === testOrigin)
        return address === null || allowed(address) ? null : pushEndpointMessages.notPublic(url.hostname);
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
