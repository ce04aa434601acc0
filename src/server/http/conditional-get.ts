// Answers made once and sent many times: whether the client already has the answer (its ETag, by the
// weak comparison If-None-Match uses), and which compressed form of it to send.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Brotli when the client takes it, else gzip, else none ('q=0' refuses an encoding). */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether If-None-Match names this ETag (or '*'); 'W/' prefixes are ignored, as RFC 9110 says for this header. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(etag));
}

/** 304 with the ETag and `Cache-Control: no-cache` the full answer would carry. */
export function notModified(reply: FastifyReply, etag: string): FastifyReply {
  return reply.status(304).header('ETag', etag).header('Cache-Control', 'no-cache').send();
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli at a low quality, as for every other answer: small on the wire, cheap to make (off the main thread). */
function compressText(text: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzip(text);
}

/**
 * A text answer as bytes, and its compressed forms, each made the first time it is asked for and
 * kept: a text sent as it is would be encoded again for every answer.
 */
export interface KeptText {
  body: string;
  bytes(): Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
}

export function keptText(body: string): KeptText {
  const encoded: Partial<Record<Encoding, Promise<Buffer>>> = {};
  let bytes: Buffer | undefined;
  return {
    body,
    bytes: () => (bytes ??= Buffer.from(body)),
    encoded(encoding) {
      const made = (encoded[encoding] ??= compressText(body, encoding));
      made.catch(() => {
        if (encoded[encoding] === made) delete encoded[encoding];
      });
      return made;
    },
  };
}

/** A kept text as the client takes it best: Brotli or gzip, else the text. */
export async function sendKept(request: FastifyRequest, reply: FastifyReply, text: KeptText): Promise<FastifyReply> {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) return reply.header('Content-Encoding', encoding).send(await text.encoded(encoding));
  return reply.send(text.bytes());
}

/** A version an answer is made from: as this process knows it (no query), and as read now. */
export interface KnownVersion {
  current(): Promise<string>;
  confirmed(): Promise<string>;
}

/**
 * Conditional GET of an answer that changes only with a version. 304 when If-None-Match names the
 * answer's ETag for the version this process knows (no query at all), or for the version read now;
 * otherwise that version, with its ETag and `Cache-Control: no-cache` set on the reply. Undefined when
 * the 304 was sent.
 */
export async function unlessNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  versions: KnownVersion,
  etagOf: (version: string) => string,
): Promise<{ version: string } | undefined> {
  const asked = request.headers['if-none-match'];
  const known = etagOf(await versions.current());
  if (matchesEtag(asked, known)) {
    notModified(reply, known);
    return undefined;
  }
  const version = await versions.confirmed();
  const etag = etagOf(version);
  if (matchesEtag(asked, etag)) {
    notModified(reply, etag);
    return undefined;
  }
  void reply.header('ETag', etag).header('Cache-Control', 'no-cache');
  return { version };
}
