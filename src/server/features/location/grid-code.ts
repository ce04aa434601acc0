// The built-in offline "grid" provider: every ~3 m square of the city region has three words from the
// BIP-39 English list, and the words give the square back. docs/decisions/003 explains the design.
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { ConversionResult } from '#shared/contracts/location.ts';
import { messages, CITY_NAME } from '#shared/domain/messages.ts';
import { isThreeWordFormat, normaliseThreeWords } from '#shared/domain/three-words.ts';
import { ValidationError } from '#server/errors.ts';
import { METRES_PER_DEGREE } from '#shared/domain/geo.ts';

export interface GridRegion {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The City of Edinburgh council area's bounding box; it contains the city guidance area. */
export const EDINBURGH_REGION: GridRegion = { south: 55.81, west: -3.45, north: 56.01, east: -3.05 };

const SQUARE_METRES = 3;

const WORDS = wordlist;
const WORD_COUNT = 2048;
const INDEX_OF_WORD: ReadonlyMap<string, number> = new Map(WORDS.map((word, index) => [word, index]));
if (WORDS.length !== WORD_COUNT || INDEX_OF_WORD.size !== WORD_COUNT) {
  throw new Error('The BIP-39 English word list must hold 2048 distinct words');
}

// --- The scramble: a 6-round Feistel network over 30 bits (two 15-bit halves). -------------------
// The keys are arbitrary but fixed forever: changing one changes every three-word location.
const HALF_BITS = 15;
const HALF_MASK = (1 << HALF_BITS) - 1;
export const SCRAMBLE_BITS = 2 * HALF_BITS;
const ROUND_KEYS = [0x3c6ef372, 0x1b873593, 0x7f4a7c15, 0x2545f491, 0x68e31da4, 0x5bd1e995];

function round(half: number, key: number): number {
  let h = Math.imul(half ^ key, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h & HALF_MASK;
}

/** A fixed bijection of [0, 2^30): nearby square numbers come out unrelated. */
export function scramble(x: number): number {
  let left = Math.floor(x / (1 << HALF_BITS)) & HALF_MASK;
  let right = x & HALF_MASK;
  for (const key of ROUND_KEYS) {
    [left, right] = [right, left ^ round(right, key)];
  }
  return left * (1 << HALF_BITS) + right;
}

/** The inverse of `scramble`. */
export function unscramble(y: number): number {
  let left = Math.floor(y / (1 << HALF_BITS)) & HALF_MASK;
  let right = y & HALF_MASK;
  for (let i = ROUND_KEYS.length - 1; i >= 0; i--) {
    [left, right] = [right ^ round(left, ROUND_KEYS[i]!), left];
  }
  return left * (1 << HALF_BITS) + right;
}

// --- Per-position word shuffles: fixed permutations of [0, 2048), one per word position. -------------
// They hide the checkerboard bit (see `encodeSquare`) so a word's place in the list says nothing.
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

function shuffle(seed: number): { forward: Uint16Array; backward: Uint16Array } {
  const forward = new Uint16Array(WORD_COUNT);
  for (let i = 0; i < WORD_COUNT; i++) forward[i] = i;
  const next = mulberry32(seed);
  for (let i = WORD_COUNT - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [forward[i], forward[j]] = [forward[j]!, forward[i]!];
  }
  const backward = new Uint16Array(WORD_COUNT);
  for (let i = 0; i < WORD_COUNT; i++) backward[forward[i]!] = i;
  return { forward, backward };
}

const SHUFFLES = [shuffle(0x45444e31), shuffle(0x42555247), shuffle(0x48213348)];

// --- The grid over a region ------------------------------------------------------------------------
export interface GridSquare {
  row: number;
  col: number;
}

export interface GridCode {
  region: GridRegion;
  rows: number;
  cols: number;
  /** Number of squares, rows * cols; square numbers run row-major from the south-west corner. */
  squares: number;
  latStep: number;
  lngStep: number;
  /** Coordinates -> the square's words. Refuses coordinates outside the region (400 OutsideArea). */
  encode(lat: number, lng: number): ConversionResult;
  /** Words -> the square's centre. Refuses off-list words (400 BadWords) and codes of no square (400 OutsideArea). */
  decode(words: string): ConversionResult;
  squareOf(lat: number, lng: number): GridSquare | null;
  wordsOfSquare(square: GridSquare): string;
  /** The square named by the words, or null when the words are off the list or name no square. */
  squareOfWords(words: string): GridSquare | null;
  centreOf(square: GridSquare): { lat: number; lng: number };
}

const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

export function createGridCode(region: GridRegion = EDINBURGH_REGION): GridCode {
  const { south, west, north, east } = region;
  if (!(south >= -90 && north <= 90 && south < north && west >= -180 && east <= 180 && west < east)) {
    throw new Error(`Grid region is not a valid box: ${JSON.stringify(region)}`);
  }
  // Steps are rounded to 1e-9 degrees so the grid never depends on the last bit of Math.cos.
  const latStep = roundTo(SQUARE_METRES / METRES_PER_DEGREE, 9);
  const midLat = (south + north) / 2;
  const lngStep = roundTo(latStep / Math.cos((midLat * Math.PI) / 180), 9);
  const rows = Math.ceil((north - south) / latStep - 1e-9);
  const cols = Math.ceil((east - west) / lngStep - 1e-9);
  const squares = rows * cols;
  if (squares > 2 ** SCRAMBLE_BITS) {
    throw new Error(
      `Grid region is too large: ${squares} squares of ${SQUARE_METRES} m, at most ${2 ** SCRAMBLE_BITS}`,
    );
  }

  function squareOf(lat: number, lng: number): GridSquare | null {
    if (!(lat >= south && lat <= north && lng >= west && lng <= east)) return null;
    const row = Math.min(Math.floor((lat - south) / latStep), rows - 1);
    const col = Math.min(Math.floor((lng - west) / lngStep), cols - 1);
    return { row, col };
  }

  function centreOf({ row, col }: GridSquare) {
    return { lat: roundTo(south + (row + 0.5) * latStep, 6), lng: roundTo(west + (col + 0.5) * lngStep, 6) };
  }

  /**
   * Each word's index carries 10 bits of the scrambled square number and, as its 11th bit, the
   * checkerboard colour (row + col) mod 2. Edge neighbours always differ in colour, so they never share
   * a word in the same position; the scramble makes the other bits unrelated.
   */
  function wordsOfSquare({ row, col }: GridSquare): string {
    const scrambled = scramble(row * cols + col);
    const colour = (row + col) & 1;
    const chunks = [(scrambled >>> 20) & 0x3ff, (scrambled >>> 10) & 0x3ff, scrambled & 0x3ff];
    return chunks.map((chunk, i) => WORDS[SHUFFLES[i]!.forward[(chunk << 1) | colour]!]!).join('.');
  }

  function squareOfWords(words: string): GridSquare | null {
    const parts = normaliseThreeWords(words).split('.');
    if (parts.length !== 3) return null;
    const digits: number[] = [];
    for (const [i, part] of parts.entries()) {
      const index = INDEX_OF_WORD.get(part);
      if (index === undefined) return null;
      digits.push(SHUFFLES[i]!.backward[index]!);
    }
    const colour = digits[0]! & 1;
    if (digits.some((digit) => (digit & 1) !== colour)) return null;
    const scrambled = ((digits[0]! >>> 1) << 20) | ((digits[1]! >>> 1) << 10) | (digits[2]! >>> 1);
    const n = unscramble(scrambled);
    if (n >= squares) return null;
    const row = Math.floor(n / cols);
    const col = n % cols;
    if (((row + col) & 1) !== colour) return null;
    return { row, col };
  }

  function result(square: GridSquare, words: string): ConversionResult {
    const { lat, lng } = centreOf(square);
    return { lat, lng, words, language: 'en', map: openStreetMapLink(lat, lng) };
  }

  return {
    region: { ...region },
    rows,
    cols,
    squares,
    latStep,
    lngStep,
    squareOf,
    centreOf,
    wordsOfSquare,
    squareOfWords,

    encode(lat, lng) {
      const square = squareOf(lat, lng);
      if (!square) {
        throw new ValidationError(
          `This position is outside the ${CITY_NAME} area, so it has no three-word location here.`,
          {
            code: 'OutsideArea',
          },
        );
      }
      return result(square, wordsOfSquare(square));
    },

    decode(input) {
      const words = normaliseThreeWords(input);
      if (!isThreeWordFormat(words)) {
        throw new ValidationError(messages.report.locationInvalid, { code: 'BadWords' });
      }
      const offList = words.split('.').find((word) => !INDEX_OF_WORD.has(word));
      if (offList !== undefined) {
        throw new ValidationError(
          `'${offList}' is not one of the words of three-word locations. Please check the spelling.`,
          {
            code: 'BadWords',
          },
        );
      }
      const square = squareOfWords(words);
      if (!square) {
        throw new ValidationError(
          `No place in the ${CITY_NAME} area has the three-word location ${words}. Please check the words.`,
          {
            code: 'OutsideArea',
          },
        );
      }
      return result(square, words);
    },
  };
}

function openStreetMapLink(lat: number, lng: number): string {
  const la = lat.toFixed(6);
  const lo = lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=19/${la}/${lo}`;
}
