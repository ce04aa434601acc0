// Security headers and the same-origin rule for requests that change
// state: a browser on another site must not be able to submit, edit or delete on a visitor's behalf.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { ForbiddenError } from '../errors.ts';
import { SESSION_COOKIES } from './auth.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CROSS_SITE = 'Requests from other sites are not accepted.';
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:${Object.values(SESSION_COOKIES).join('|')})=`);

/**
 * Every browser this service supports says where a request comes from (`Sec-Fetch-Site`, and `Origin` on
 * writes). A write that carries a session cookie but neither header did not come from our pages: an old or
 * stripped client, or a forged request. Writes without a session (a public report, a mail client's one-click
 * unsubscribe) are not affected.
 */
function saysWhereItComesFrom(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] !== undefined || request.headers.origin !== undefined;
}

export async function registerSecurity(
  app: FastifyInstance,
  publicUrl: string,
  { mapOrigin }: { mapOrigin?: string } = {},
): Promise<void> {
  const https = publicUrl.startsWith('https://');
  // The map's basemap provider, named exactly: its style, sprites, fonts and tiles are fetched (the
  // tiles by the map's worker, which runs under this policy too).
  const map = mapOrigin ? [mapOrigin] : [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix's scroll lock and toast injects small <style> blocks; no script runs inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...map],
        connectSrc: ["'self'", ...map],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Photos are opened in new tabs and shared; they must load cross-origin.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const dataHeaders = dataAnswerHeaders(https);
  app.addHook('onSend', async (request, reply) => {
    void reply.headers(isDataAnswer(request.url, reply.getHeader('content-type')) ? dataHeaders : headers);
  });

  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!saysWhereItComesFrom(request) && SESSION_COOKIE.test(request.headers.cookie ?? '')) {
      throw new ForbiddenError('Requests that do not say which site they come from are not accepted.');
    }
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new ForbiddenError(CROSS_SITE);
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    // An origin that is no URL ('null', from a sandboxed frame or a file) is as foreign as another site.
    const host = URL.parse(origin)?.host;
    if (host === undefined || (origin !== publicOrigin && host !== request.headers.host))
      throw new ForbiddenError(CROSS_SITE);
  });
}

/**
 * An API's answer that is data (JSON, CSV, GeoJSON, a 304), not a page: no browser renders it as a
 * document or runs it as a worker, so the page's policy is only bytes on every call. Pages the API
 * answers (a one-click unsubscribe, a confirmation button) keep the page's headers.
 */
function isDataAnswer(url: string, contentType: unknown): boolean {
  return url.startsWith('/api/') && !String(contentType ?? '').startsWith('text/html');
}

/**
 * The headers a data answer needs, as recommended for REST services: nothing may load or frame it, the
 * browser takes its type as given, and it names no referrer.
 */
function dataAnswerHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-site',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Helmet's headers for these options, worked out once: they depend on nothing in the request, and
 * building Helmet's middleware again for every request (as its Fastify plugin does) cost more CPU
 * than the rest of an unchanged list's 304.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}
