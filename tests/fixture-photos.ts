// Fixture photos, made at test time so no binary lands in the repository: a phone-like JPEG carrying
// EXIF GPS and device data, a large rotated camera JPEG, a PNG, a text file named .jpg, an SVG, an
// 11 MB image, and a tiny PNG whose header claims 100,000 x 100,000 pixels (a decompression bomb).
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/** Where the GPS-tagged fixture says it was taken: the Royal Mile. */
/**
 * Camera-like grain: a picture of gaussian noise around mid grey, whose `sigma` sets how much detail
 * (and so how many bytes) an encoding of it carries. Ready for an encoder to be chained on.
 */
export function noisePicture(width: number, height: number, sigma: number): Sharp {
  return sharp({
    // sharp's types ask for a background; with noise set, the noise alone makes the pixels.
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 110, sigma } },
  });
}

export const FIXTURE_GPS = { latitude: 55.95333333333333, longitude: -3.188333333333333 };

/** Degrees as EXIF's three rationals (degrees, minutes, hundredths of seconds). */
function exifDegrees(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
}

/** A phone photo whose camera recorded a position: FIXTURE_GPS (by Waverley) unless another is given. */
export async function jpegWithGps(at?: { latitude: number; longitude: number }): Promise<Buffer> {
  const gps = at
    ? {
        GPSLatitudeRef: at.latitude >= 0 ? 'N' : 'S',
        GPSLatitude: exifDegrees(at.latitude),
        GPSLongitudeRef: at.longitude >= 0 ? 'E' : 'W',
        GPSLongitude: exifDegrees(at.longitude),
      }
    : {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 57/1 1200/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 11/1 1800/100',
      };
  // 60 wide x 40 high as stored, with EXIF orientation 6 (turn 90 degrees clockwise to view).
  return sharp({ create: { width: 60, height: 40, channels: 3, background: '#7a4a2a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'FixtureCam', Model: 'Phone X', Software: 'FixtureOS 1.0' },
      IFD3: gps,
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A phone camera photo: 4000 x 3000 as stored, with EXIF orientation 6 (so it is seen 3000 wide x 4000
 * high), and enough detail to weigh a few MB like a real one, while staying under the 10 MB limit.
 */
export async function largePhoneJpeg(): Promise<Buffer> {
  const detail = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .resize(4000, 3000, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  return sharp(detail, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function png(width = 80, height = 60): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export function plainJpeg(width = 120, height = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#335577' } })
    .jpeg()
    .toBuffer();
}

export const textNamedJpg = (): Buffer => Buffer.from('This is a shopping list, not a photo.\nMilk\nBread\n');

export const svg = (): Buffer =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

/** A real PNG of random noise, just over 11 MB, so it cannot be compressed below the limit. */
export async function elevenMegabyteImage(): Promise<Buffer> {
  const width = 2100;
  const height = 1900;
  const raw = randomBytes(width * height * 3);
  const out = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (out.length < 11 * 1024 * 1024) throw new Error(`fixture too small: ${out.length}`);
  return out;
}

/** A valid-looking PNG of under 100 bytes whose header claims 100,000 x 100,000 pixels. */
export function pixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo full of fine detail (noise), so a blurred area of it is easy to tell from the rest. */
export async function detailedJpeg(width = 400, height = 300): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * A detailed 12-megapixel phone photo (4000 x 3000, about 2 MB): fine mottled detail everywhere, as a
 * rough stone wall or foliage gives, which a plain JPEG encoding at the phone's usual quality leaves at
 * over 600 kB at 2048 px; tagged with GPS like a phone photo.
 */
export async function detailedTwelveMegapixelJpeg(): Promise<Buffer> {
  const base = { width: 300, height: 225, channels: 3 as const };
  const mottle = await sharp({
    create: { ...base, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .raw()
    .toBuffer();
  const detail = await sharp(mottle, { raw: base }).resize(4000, 3000, { kernel: 'cubic' }).raw().toBuffer();
  return sharp(detail, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Phone 12MP' }, IFD3: gpsTags(FIXTURE_GPS) })
    .toBuffer();
}

function gpsTags(at: { latitude: number; longitude: number }): Record<string, string> {
  return {
    GPSLatitudeRef: at.latitude >= 0 ? 'N' : 'S',
    GPSLatitude: exifDegrees(at.latitude),
    GPSLongitudeRef: at.longitude >= 0 ? 'E' : 'W',
    GPSLongitude: exifDegrees(at.longitude),
  };
}

/** One JPEG segment: marker, length, payload. */
function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/**
 * A photo as the phone prepares it (2048 x 1536, upright, well under 450 kB, an sRGB profile), but
 * carrying every kind of metadata a camera or an editor leaves: EXIF with GPS (FIXTURE_GPS) and device
 * data, XMP, an IPTC block, a comment, a multi-picture index and bytes after the end of the image.
 */
export async function preparedJpegWithMetadata(): Promise<Buffer> {
  const tagged = await noisePicture(2048, 1536, 3)
    .jpeg({ quality: 75 })
    .withIccProfile('srgb')
    .withExif({ IFD0: { Make: 'FixtureCam', Model: 'Phone X', Artist: 'A. Person' }, IFD3: gpsTags(FIXTURE_GPS) })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="55,57.2N"/>' +
        '</rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
  const extras = Buffer.concat([
    jpegSegment(0xfe, Buffer.from('Taken by A. Person at home', 'latin1')),
    jpegSegment(
      0xed,
      Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), Buffer.from('8BIM\x04\x04\0\0\0\0\0\0', 'latin1')]),
    ),
    jpegSegment(0xe2, Buffer.from('MPF\0II*\0', 'latin1')),
  ]);
  return Buffer.concat([tagged.subarray(0, 2), extras, tagged.subarray(2), Buffer.from('second picture here')]);
}

/**
 * A "scan bomb": a valid progressive JPEG of a flat grey picture, three components at full resolution,
 * whose picture is sent in thousands of tiny scans. Every AC coefficient of every component comes in a
 * band of its own, one bit at a time from bit 13 down (a first scan, then thirteen refinements), which
 * the JPEG standard allows: 1 + 3 x 63 x 14 = 2,647 scans of a dozen bytes each. A decoder walks every
 * block once per scan, so drawing it costs thousands of times what its picture is worth.
 */
export function progressiveScanBomb(width = 1024, height = 768): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // Each component's AC scans skip all of its blocks with end-of-band runs of at most 32,767 blocks:
  // EOB14 (run-length symbol 0xe0) carries 14 extra bits, so one symbol covers 16,384 to 32,767 blocks.
  const runs: number[] = [];
  for (let left = blocks; left > 0;) {
    const run = left >= 16_384 ? Math.min(left, 32_767) : left;
    runs.push(run);
    left -= run;
  }
  if (runs.some((run) => run < 16_384) && runs.length > 1) {
    // Rebalance so that every run is within the one symbol's reach.
    const total = blocks;
    const count = Math.ceil(total / 32_767);
    runs.length = 0;
    for (let i = 0; i < count; i++) runs.push(Math.floor(total / count) + (i < total % count ? 1 : 0));
  }
  const runSymbols = [...new Set(runs.map((run) => Math.floor(Math.log2(run))))].sort((a, b) => a - b);

  const bits = new BitWriter();
  const acData = (): Buffer => {
    for (const run of runs) {
      const r = Math.floor(Math.log2(run));
      bits.write(runSymbols.indexOf(r), codeLength(runSymbols.length)); // the run's Huffman code
      if (r > 0) bits.write(run - 2 ** r, r);
    }
    return bits.flush();
  };
  const huffmanTable = (tableClass: number, symbols: number[]): Buffer => {
    // Fixed-length codes, one length for all symbols: short codes fit a handful of symbols.
    const length = codeLength(symbols.length);
    const counts = Buffer.alloc(16);
    counts[length - 1] = symbols.length;
    return jpegSegment(0xc4, Buffer.concat([Buffer.from([tableClass << 4]), counts, Buffer.from(symbols)]));
  };
  const frame = Buffer.from([
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x11,
    0,
    2,
    0x11,
    0,
    3,
    0x11,
    0,
  ]);
  const scan = (components: number[], ss: number, se: number, ah: number, al: number) =>
    jpegSegment(
      0xda,
      Buffer.from([components.length, ...components.flatMap((id) => [id, 0x00]), ss, se, (ah << 4) | al]),
    );

  const parts: Buffer[] = [
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    jpegSegment(0xc2, frame),
    huffmanTable(0, [0]),
    huffmanTable(
      1,
      runSymbols.map((r) => r << 4),
    ),
  ];
  // The DC scan: every block of every component at the mid grey (difference category 0, code '0').
  parts.push(scan([1, 2, 3], 0, 0, 0, 0));
  for (let i = 0; i < blocks * 3; i++) bits.write(0, 1);
  parts.push(bits.flush());
  for (const component of [1, 2, 3]) {
    for (let band = 1; band <= 63; band++) {
      parts.push(scan([component], band, band, 0, 13), acData());
      for (let al = 12; al >= 0; al--) parts.push(scan([component], band, band, al + 1, al), acData());
    }
  }
  parts.push(Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

/** Bits for a fixed-length code among `count` symbols, never all ones (which JPEG forbids). */
const codeLength = (count: number): number => Math.max(1, Math.ceil(Math.log2(count + 1)));

/** Writes entropy-coded bits most significant first, stuffing a zero after each 0xff byte. */
class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private used = 0;
  write(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | ((value >> bit) & 1);
      if (++this.used === 8) this.push();
    }
  }
  /** Pads the last byte with ones, as the standard asks, and hands back what was written. */
  flush(): Buffer {
    while (this.used !== 0) this.write(1, 1);
    const out = Buffer.from(this.bytes);
    this.bytes = [];
    return out;
  }
  private push(): void {
    this.bytes.push(this.current);
    if (this.current === 0xff) this.bytes.push(0);
    this.current = 0;
    this.used = 0;
  }
}
