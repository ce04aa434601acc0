// HEIC/HEIF photos (iPhone and Android 'high efficiency' photos) decoded to raw pixels, because the libvips
// shipped with sharp reads no HEVC. heic-decode wraps libheif compiled to WebAssembly: no native build, and
// libheif applies the file's own rotation and mirroring (irot/imir) as it decodes, so the pixels come out
// upright. Only the primary image is decoded; its size is checked first, before any pixel is decoded.
// The decode takes seconds for a 12-megapixel photo and WebAssembly runs on the thread that calls it, so it
// runs on one worker thread of its own, started on first use: the server keeps answering meanwhile.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The major brands of HEIF files holding HEVC-coded images (HEIC) or any HEIF image ('mif1'). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** An ISO base media file ('ftyp' box first) whose brand says HEIF. AVIF ('avif') is left to sharp. */
export function isHeif(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  return HEIF_BRANDS.has(bytes.toString('latin1', 8, 12));
}

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

export class TooManyPixels extends Error {}

/** The decode ran over its time and was stopped (its worker ended; the next decode starts a new one). */
export class DecodeTimedOut extends Error {}

const HEIC_DECODE = createRequire(import.meta.url).resolve('heic-decode');

// Plain CommonJS, run as the worker's script: decode one file per message, answer with the pixels. It
// says when it starts a file, so the time bound counts the decode and not the wait behind another.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const decode = require(${JSON.stringify(HEIC_DECODE)});
parentPort.on('message', async ({ id, bytes, maxPixels }) => {
  parentPort.postMessage({ id, started: true });
  try {
    const images = await decode.all({ buffer: bytes });
    try {
      const primary = images[0];
      if (!primary) throw new Error('no image in the HEIF file');
      if (!primary.width || !primary.height || primary.width * primary.height > maxPixels) {
        parentPort.postMessage({ id, tooManyPixels: true });
        return;
      }
      const { width, height, data } = await primary.decode();
      parentPort.postMessage({ id, width, height, data }, [data.buffer]);
    } finally {
      images.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Answer {
  id: number;
  started?: true;
  width?: number;
  height?: number;
  data?: Uint8ClampedArray;
  tooManyPixels?: boolean;
  error?: string;
}

interface Pending {
  request: { id: number; bytes: Uint8Array; maxPixels: number };
  timeoutMs: number;
  timer?: NodeJS.Timeout;
  resolve: (image: RawImage) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function settle(id: number): Pending | undefined {
  const waiting = pending.get(id);
  if (!waiting) return undefined;
  pending.delete(id);
  clearTimeout(waiting.timer);
  if (pending.size === 0) worker?.unref();
  return waiting;
}

function decoder(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  started.on('message', (answer: Answer) => {
    if (worker !== started) return; // ended for running over time: its files went to a new worker
    if (answer.started) {
      const waiting = pending.get(answer.id);
      if (waiting) waiting.timer = setTimeout(() => timedOut(started, answer.id), waiting.timeoutMs);
      return;
    }
    const waiting = settle(answer.id);
    if (!waiting) return;
    if (answer.tooManyPixels) waiting.reject(new TooManyPixels());
    else if (answer.error !== undefined || !answer.data) waiting.reject(new Error(answer.error ?? 'no pixels'));
    else {
      const data = new Uint8Array(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength);
      waiting.resolve({ width: answer.width!, height: answer.height!, data });
    }
  });
  const fail = (error: Error) => {
    // The worker died (out of memory on a hostile file): every decode in flight fails, the next starts anew.
    if (worker !== started) return;
    worker = null;
    for (const id of [...pending.keys()]) settle(id)!.reject(error);
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the HEIF decoder stopped (${code})`)));
  worker = started;
  return started;
}

/**
 * A decode ran over its time: WebAssembly cannot be interrupted, so its worker is ended. That decode
 * is refused; the files waiting behind it in the same worker go to a new one.
 */
function timedOut(stopped: Worker, id: number): void {
  if (worker !== stopped) return;
  worker = null;
  void stopped.terminate();
  settle(id)?.reject(new DecodeTimedOut());
  const others = [...pending.values()];
  if (others.length === 0) return;
  const next = decoder();
  next.ref();
  for (const waiting of others) next.postMessage(waiting.request);
}

/**
 * Decodes the primary image. `maxPixels` is checked on the header before decoding; a larger image
 * rejects with TooManyPixels. A decode that runs over `timeoutMs` is stopped and rejects with
 * DecodeTimedOut. Any other failure (a broken or truncated file) rejects as it comes.
 */
export function decodeHeif(bytes: Buffer, maxPixels: number, timeoutMs: number): Promise<RawImage> {
  return new Promise((resolve, reject) => {
    const request = { id: nextId++, bytes: new Uint8Array(bytes), maxPixels };
    pending.set(request.id, { request, timeoutMs, resolve, reject });
    const running = decoder();
    // Kept alive only while a decode is in flight, so it never holds a process open.
    running.ref();
    running.postMessage(request);
  });
}
