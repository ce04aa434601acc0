import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { AppError } from '#server/errors.ts';
import { EDINBURGH_REGION, createGridCode, scramble, unscramble, SCRAMBLE_BITS, type GridSquare } from './grid-code.ts';

const grid = createGridCode();
const { south, west, north, east } = EDINBURGH_REGION;

/** Great-circle distance in metres (haversine, mean Earth radius). */
function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

function refusal(run: () => unknown): { statusCode: number; code: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError)
      return { statusCode: error.statusCode, code: error.options.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

const sharedPositions = (a: string, b: string) => {
  const x = a.split('.');
  const y = b.split('.');
  return x.filter((word, i) => word === y[i]).length;
};

const pointInRegion = fc.record({
  lat: fc.double({ min: south, max: north, noNaN: true, noDefaultInfinity: true }),
  lng: fc.double({ min: west, max: east, noNaN: true, noDefaultInfinity: true }),
});

describe('grid three-word locations', () => {
  it('covers the City of Edinburgh council area, including the city guidance area', () => {
    expect(south).toBeLessThanOrEqual(55.9);
    expect(north).toBeGreaterThanOrEqual(56);
    expect(west).toBeLessThanOrEqual(-3.3);
    expect(east).toBeGreaterThanOrEqual(-3.1);
    expect(grid.squares).toBe(grid.rows * grid.cols);
    expect(grid.squares).toBeLessThanOrEqual(2 ** SCRAMBLE_BITS);
    // Squares are about 3 m on a side.
    const a = grid.centreOf({ row: 1000, col: 1000 });
    expect(metresBetween(a, grid.centreOf({ row: 1001, col: 1000 }))).toBeCloseTo(3, 1);
    expect(metresBetween(a, grid.centreOf({ row: 1000, col: 1001 }))).toBeCloseTo(3, 1);
  });

  it('the scramble is a true permutation: unscramble undoes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** SCRAMBLE_BITS - 1 }), (x) => {
        const y = scramble(x);
        return Number.isInteger(y) && y >= 0 && y < 2 ** SCRAMBLE_BITS && unscramble(y) === x;
      }),
      { numRuns: 20_000 },
    );
  });

  it('for 10,000 random points in the region, the words lead back to within 3 m of the point', () => {
    fc.assert(
      fc.property(pointInRegion, (point) => {
        const encoded = grid.encode(point.lat, point.lng);
        expect(encoded.words).toMatch(/^[a-z]+\.[a-z]+\.[a-z]+$/);
        const decoded = grid.decode(encoded.words);
        expect(metresBetween(point, decoded)).toBeLessThanOrEqual(3);
        // The square's centre is in the same square: its words are the same words.
        expect(grid.encode(decoded.lat, decoded.lng).words).toBe(encoded.words);
      }),
      { numRuns: 10_000 },
    );
  });

  it('neighbouring squares (north, south, east, west) never share two words in the same positions', () => {
    const square = fc.record({
      row: fc.integer({ min: 1, max: grid.rows - 2 }),
      col: fc.integer({ min: 1, max: grid.cols - 2 }),
    });
    fc.assert(
      fc.property(square, ({ row, col }) => {
        const words = grid.wordsOfSquare({ row, col });
        const neighbours = [
          { row: row + 1, col },
          { row: row - 1, col },
          { row, col: col + 1 },
          { row, col: col - 1 },
        ];
        // The spec asks for fewer than two; by construction (the checkerboard bit) they share none at all.
        return neighbours.every((neighbour) => sharedPositions(words, grid.wordsOfSquare(neighbour)) === 0);
      }),
      { numRuns: 10_000 },
    );
  });

  it('every pair of neighbours in a 300 x 300 block around Waverley has different words in every position', () => {
    const origin = grid.squareOf(55.95196, -3.18937)!;
    const block: string[][] = [];
    for (let r = 0; r < 300; r++) {
      block.push([]);
      for (let c = 0; c < 300; c++)
        block[r]!.push(grid.wordsOfSquare({ row: origin.row - 150 + r, col: origin.col - 150 + c }));
    }
    let pairs = 0;
    const sharing: string[] = [];
    for (let r = 0; r < 300; r++) {
      for (let c = 0; c < 300; c++) {
        const here = block[r]![c]!;
        for (const there of [block[r]![c + 1], block[r + 1]?.[c]]) {
          if (there === undefined) continue;
          pairs++;
          if (sharedPositions(here, there) > 0) sharing.push(`${here} ${there}`);
        }
      }
    }
    expect(pairs).toBe(2 * 300 * 299);
    expect(sharing).toEqual([]);
    expect(new Set(block.flat()).size).toBe(300 * 300);
  });

  it('encoding is stable across runs: known places keep their words', () => {
    const known: [number, number, string][] = [
      [55.95196, -3.18937, 'pilot.ginger.gaze'], // Waverley station
      [55.948595, -3.199913, 'lawn.blind.eager'], // Edinburgh Castle
      [55.975212, -3.170174, 'model.clap.design'], // The Shore, Leith
      [55.9533, -3.1883, 'bleak.exhaust.jewel'],
      [55.81, -3.45, 'twist.initial.digital'], // south-west corner of the region
      [56.01, -3.05, 'exist.echo.timber'], // north-east corner of the region
    ];
    const fresh = createGridCode();
    for (const [lat, lng, words] of known) {
      expect(grid.encode(lat, lng).words).toBe(words);
      expect(fresh.encode(lat, lng).words).toBe(words);
    }
    expect(grid.decode('bleak.exhaust.jewel')).toEqual({
      lat: 55.953304,
      lng: -3.188309,
      words: 'bleak.exhaust.jewel',
      language: 'en',
      map: 'https://www.openstreetmap.org/?mlat=55.953304&mlon=-3.188309#map=19/55.953304/-3.188309',
    });
  });

  it('words are read as people type them: capitals, spaces and a leading /// are accepted', () => {
    expect(grid.decode('  ///Bleak.Exhaust.JEWEL ').words).toBe('bleak.exhaust.jewel');
  });

  it('words that are not on the list are refused with a clear 400 BadWords', () => {
    expect(wordlist).not.toContain('graffiti');
    expect(refusal(() => grid.decode('graffiti.exhaust.jewel'))).toEqual({
      statusCode: 400,
      code: 'BadWords',
      message: "'graffiti' is not one of the words of three-word locations. Please check the spelling.",
    });
    for (const malformed of [
      'bleak.exhaust',
      'bleak.exhaust.jewel.pilot',
      'bleak exhaust jewel',
      'bleak.exh4ust.jewel',
      '',
    ]) {
      expect(refusal(() => grid.decode(malformed))).toMatchObject({ statusCode: 400, code: 'BadWords' });
    }
  });

  it('coordinates outside the region are refused with a clear 400 OutsideArea', () => {
    const outside: [number, number][] = [
      [51.5074, -0.1278], // London
      [55.86, -4.25], // Glasgow
      [north + 0.0001, -3.2],
      [south - 0.0001, -3.2],
      [55.95, west - 0.0001],
      [55.95, east + 0.0001],
    ];
    for (const [lat, lng] of outside) {
      expect(refusal(() => grid.encode(lat, lng))).toMatchObject({ statusCode: 400, code: 'OutsideArea' });
    }
    expect(refusal(() => grid.encode(51.5074, -0.1278)).message).toBe(
      'This position is outside the Edinburgh area, so it has no three-word location here.',
    );
  });

  it('list words whose code names no square in the region are refused with a clear 400 OutsideArea', () => {
    expect(refusal(() => grid.decode('abandon.ability.abandon'))).toEqual({
      statusCode: 400,
      code: 'OutsideArea',
      message:
        'No place in the Edinburgh area has the three-word location abandon.ability.abandon. Please check the words.',
    });
  });

  it('any three list words either name exactly one square in the region or are refused', () => {
    const word = fc.constantFrom(...wordlist);
    let found = 0;
    fc.assert(
      fc.property(word, word, word, (a, b, c) => {
        const words = `${a}.${b}.${c}`;
        const square = grid.squareOfWords(words);
        if (square === null) {
          expect(refusal(() => grid.decode(words))).toMatchObject({ statusCode: 400, code: 'OutsideArea' });
          return;
        }
        found++;
        const decoded = grid.decode(words);
        expect(decoded.lat).toBeGreaterThanOrEqual(south);
        expect(decoded.lat).toBeLessThanOrEqual(north + grid.latStep);
        expect(decoded.lng).toBeGreaterThanOrEqual(west);
        expect(decoded.lng).toBeLessThanOrEqual(east + grid.lngStep);
        expect(grid.wordsOfSquare(square)).toBe(words);
        expect(grid.encode(decoded.lat, decoded.lng).words).toBe(words);
      }),
      { numRuns: 20_000 },
    );
    // About 1 in 140 random codes is a square in the region (61.6 million of 8.6 billion codes).
    expect(found).toBeGreaterThan(20);
    expect(found).toBeLessThan(400);
  });

  it('a one-word typo lands far away or nowhere', () => {
    const place = grid.encode(55.95196, -3.18937);
    const parts = place.words.split('.');
    let landed = 0;
    let tried = 0;
    for (let position = 0; position < 3; position++) {
      for (const word of wordlist) {
        if (word === parts[position]) continue;
        const typo = parts.map((p, i) => (i === position ? word : p)).join('.');
        tried++;
        const square: GridSquare | null = grid.squareOfWords(typo);
        if (!square) continue;
        landed++;
        expect(metresBetween(place, grid.centreOf(square))).toBeGreaterThan(500);
      }
    }
    expect(tried).toBe(3 * 2047);
    expect(landed / tried).toBeLessThan(0.05);
  });

  it('a configured region is honoured, and one too large for three words is refused at start', () => {
    const small = createGridCode({ south: 55.94, west: -3.22, north: 55.96, east: -3.17 });
    const words = small.encode(55.95196, -3.18937).words;
    expect(metresBetween({ lat: 55.95196, lng: -3.18937 }, small.decode(words))).toBeLessThanOrEqual(3);
    expect(refusal(() => small.encode(55.97, -3.19))).toMatchObject({ code: 'OutsideArea' });
    expect(() => createGridCode({ south: 50, west: -8, north: 59, east: 2 })).toThrow(/too large/);
    expect(() => createGridCode({ south: 56, west: -3.45, north: 55.81, east: -3.05 })).toThrow(/not a valid box/);
  });
});
