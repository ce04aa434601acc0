import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, needsShrinking, sendReencoded, usableGps } from './photo-size.ts';

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
