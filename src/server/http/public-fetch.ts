// Fetching a file from an address someone else gave us (a partner app's media_url): only over https,
// only from a public address, checked on the very address each connection is made to (after the name
// is resolved, so a name that points inside gets no connection) and again after every redirect; at
// most a given size, within a given time. Anything else is refused with a reason in plain words.
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import { isPublicAddress } from './public-address.ts';

/** Which addresses may be connected to: in production, public ones only. */
export interface AddressPolicy {
  allows(address: string): boolean;
}

export const publicAddressesOnly: AddressPolicy = { allows: isPublicAddress };

export interface PublicFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /**
   * Test seams, passed only by code: the addresses a test server listens on, the certificate authority
   * of its self-signed certificate, and a resolver that answers test names. Production passes none.
   */
  policy?: AddressPolicy;
  ca?: string;
  resolve?: typeof dns.lookup;
}

/** A fetch refused or failed; the message says why in words a partner's developer can act on. */
export class FetchRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefusal';
  }
}

const hostAddress = (hostname: string) => {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
};

/** Resolves a name for a connection, refusing any answer that holds an address the policy does not allow. */
function checkedLookup(policy: AddressPolicy, resolve: typeof dns.lookup): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !policy.allows(entry.address));
      if (refused) return callback(new FetchRefusal(`${hostname} is not a public internet address.`), []);
      if (addresses.length === 0) return callback(new FetchRefusal(`${hostname} has no address.`), []);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** The body of an https address, following at most a few redirects, each checked like the first. */
export async function fetchPublicHttps(
  address: string,
  { maxBytes, timeoutMs, maxRedirects = 5, policy = publicAddressesOnly, ca, resolve = dns.lookup }: PublicFetchOptions,
): Promise<{ body: Buffer; contentType: string | undefined }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const lookup = checkedLookup(policy, resolve);
  try {
    let url = parseHttps(address);
    for (let redirects = 0; ; redirects++) {
      const literal = hostAddress(url.hostname);
      if (literal !== null && !policy.allows(literal))
        throw new FetchRefusal(`${url.hostname} is not a public internet address.`);
      const response = await get(url, { lookup, policy, ca, signal: controller.signal });
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.destroy();
        if (redirects >= maxRedirects) throw new FetchRefusal(`media_url redirects more than ${maxRedirects} times.`);
        url = parseHttps(new URL(location, url).toString());
        continue;
      }
      if (response.statusCode !== 200) {
        response.destroy();
        throw new FetchRefusal(`media_url answered ${response.statusCode ?? 'nothing'}, not 200.`);
      }
      const body = await readAtMost(response, maxBytes);
      return { body, contentType: response.headers['content-type'] };
    }
  } catch (error) {
    if (error instanceof FetchRefusal) throw error;
    if (controller.signal.aborted) throw new FetchRefusal(`media_url did not answer within ${secondsOf(timeoutMs)}.`);
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof FetchRefusal) throw cause;
    throw new FetchRefusal('media_url could not be fetched.');
  } finally {
    clearTimeout(timer);
  }
}

const secondsOf = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
};

function parseHttps(address: string): URL {
  const url = URL.parse(address);
  if (url?.protocol !== 'https:') throw new FetchRefusal('media_url must be an https address.');
  if (url.username || url.password) throw new FetchRefusal('media_url must not carry a user name or password.');
  return url;
}

function get(
  url: URL,
  options: { lookup: net.LookupFunction; policy: AddressPolicy; ca: string | undefined; signal: AbortSignal },
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, {
      agent: false,
      lookup: options.lookup,
      signal: options.signal,
      ...(options.ca ? { ca: options.ca } : {}),
      headers: { accept: 'image/jpeg, image/png, image/webp, image/*', 'user-agent': 'CleanUpEdinburgh-Open311/1' },
    });
    // The address actually connected to, checked once more: a literal host skips the lookup.
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        const remote = socket.remoteAddress;
        if (!remote || !options.policy.allows(remote))
          request.destroy(new FetchRefusal(`${url.hostname} is not a public internet address.`));
      });
    });
    request.on('response', resolve);
    request.on('error', reject);
  });
}

function readAtMost(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(new FetchRefusal(`media_url is larger than ${megabytes} MB.`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new FetchRefusal(`media_url is larger than ${megabytes} MB.`));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    response.on('aborted', () => reject(new FetchRefusal('media_url could not be fetched.')));
  });
}
