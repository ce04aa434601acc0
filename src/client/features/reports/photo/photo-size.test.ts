import { describe, expect, it } from 'vitest';
import {
  encodeWithin,
  fitWithin,
  JPEG_QUALITY,
  JPEG_QUALITY_FLOOR,
  jpegName,
  needsShrinking,
  sendReencoded,
  UPLOAD_TARGET_BYTES,
  usableGps,
} from './photo-size.ts';

describe('a photo is shrunk on the phone to at most 2048 px on its long edge', () => {
  it.each([
    [
      { width: 4000, height: 3000 },
      { width: 2048, height: 1536 },
    ],
    [
      { width: 3000, height: 4000 },
      { width: 1536, height: 2048 },
    ],
    [
      { width: 4032, height: 3024 },
      { width: 2048, height: 1536 },
    ],
    [
      { width: 2048, height: 2048 },
      { width: 2048, height: 2048 },
    ],
    [
      { width: 800, height: 600 },
      { width: 800, height: 600 },
    ],
    [
      { width: 20_000, height: 10 },
      { width: 2048, height: 1 },
    ],
  ])('%o is drawn at %o, never enlarged and never 0 px', (size, expected) => {
    expect(fitWithin(size)).toEqual(expected);
  });

  it('only a photo longer than 2048 px needs shrinking', () => {
    expect(needsShrinking({ width: 2049, height: 10 })).toBe(true);
    expect(needsShrinking({ width: 2048, height: 1536 })).toBe(false);
  });

  it('a shrunk copy is always sent; an unshrunk one only when it is smaller than the original', () => {
    expect(sendReencoded({ original: 100, reencoded: 900, shrunk: true })).toBe(true);
    expect(sendReencoded({ original: 5_000_000, reencoded: 400_000, shrunk: false })).toBe(true);
    expect(sendReencoded({ original: 300_000, reencoded: 320_000, shrunk: false })).toBe(false);
  });

  it('the re-encoded copy is named as a JPEG', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('wall.png')).toBe('wall.jpg');
    expect(jpegName('no-extension')).toBe('no-extension.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});

describe("a photo's EXIF GPS is sent only when it is a real position", () => {
  it('keeps a position in range', () => {
    expect(usableGps({ latitude: 55.9533, longitude: -3.1883 })).toEqual({ latitude: 55.9533, longitude: -3.1883 });
  });

  it.each([
    ['no GPS at all', undefined],
    ['a missing longitude', { latitude: 55.9 }],
    ['NaN', { latitude: Number.NaN, longitude: -3.1 }],
    ['a latitude past the pole', { latitude: 91, longitude: -3.1 }],
    ['a longitude past 180', { latitude: 55.9, longitude: 181 }],
    ['0,0 written by a camera without a fix', { latitude: 0, longitude: 0 }],
  ])('drops %s', (_name, gps) => {
    expect(usableGps(gps)).toBeNull();
  });
});

describe('a detailed photo is brought within 450 kB by lowering its quality in a few steps', () => {
  // Bytes as a JPEG encoder answers them: more with quality, steeply near the top.
  const encoder = (bytesAt: (quality: number) => number) => {
    const tried: number[] = [];
    const encode = async (quality: number) => {
      tried.push(quality);
      return { size: Math.round(bytesAt(quality)) };
    };
    return { encode, tried };
  };

  it('keeps the first encoding when it is already within the target', async () => {
    const { encode, tried } = encoder((q) => 300_000 * q);
    const { encoded, quality } = await encodeWithin(encode);
    expect(quality).toBe(JPEG_QUALITY);
    expect(encoded.size).toBeLessThanOrEqual(UPLOAD_TARGET_BYTES);
    expect(tried).toEqual([JPEG_QUALITY]);
  });

  it('finds a quality within the target and close to the highest, in three or four encodings', async () => {
    const { encode, tried } = encoder((q) => 150_000 + 600_000 * q * q);
    const { encoded, quality } = await encodeWithin(encode);
    expect(encoded.size).toBeLessThanOrEqual(UPLOAD_TARGET_BYTES);
    // The highest within is about 0.707; the aim lands within a few hundredths of it.
    expect(quality).toBeGreaterThan(0.66);
    expect(quality).toBeLessThan(0.71);
    expect(tried.length).toBeLessThanOrEqual(4);
    expect(tried.slice(0, 2)).toEqual([JPEG_QUALITY, JPEG_QUALITY_FLOOR]);
  });

  it('aims again below an encoding that came out over the target', async () => {
    // Bytes that rise steeply in the middle, so the first aim overshoots.
    const { encode, tried } = encoder((q) => (q < 0.6 ? 200_000 + 100_000 * q : 400_000 + 250_000 * (q - 0.6)));
    const { encoded, quality } = await encodeWithin(encode);
    expect(encoded.size).toBeLessThanOrEqual(UPLOAD_TARGET_BYTES);
    expect(quality).toBeGreaterThan(JPEG_QUALITY_FLOOR);
    expect(tried).toHaveLength(4);
  });

  it('sends the smallest it made when even the lowest quality is over the target', async () => {
    const { encode, tried } = encoder((q) => 500_000 + 100_000 * q);
    const { encoded, quality } = await encodeWithin(encode);
    expect(quality).toBe(JPEG_QUALITY_FLOOR);
    expect(encoded.size).toBe(550_000);
    expect(tried).toEqual([JPEG_QUALITY, JPEG_QUALITY_FLOOR]);
  });
});
