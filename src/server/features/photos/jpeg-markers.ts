// Drops a JPEG's metadata without touching its picture: the file is walked marker by marker, and only
// what decoding needs is copied (quantisation and Huffman tables, the frame, the scans with their
// compressed data as they are, the restart interval) with the colour profile, behind a fresh, bare
// JFIF header. EXIF (and its GPS), XMP, IPTC, comments, embedded thumbnails and previews, and
// anything after the end of the image are left behind. A file whose structure is anything but a plain
// 8-bit baseline or progressive JPEG, as a phone or a browser writes it, is answered null, and the
// caller re-encodes it instead.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DQT = 0xdb;
const DHT = 0xc4;
const DRI = 0xdd;
const SOF_BASELINE = 0xc0;
const SOF_PROGRESSIVE = 0xc2;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP15 = 0xef;
const COM = 0xfe;

/** A bare JFIF 1.01 header: square pixels, no density, no thumbnail. */
const BARE_JFIF = Buffer.from([
  0xff,
  APP0,
  0x00,
  0x10,
  0x4a,
  0x46,
  0x49,
  0x46,
  0x00,
  0x01,
  0x01,
  0x00,
  0x00,
  0x01,
  0x00,
  0x01,
  0x00,
  0x00,
]);
const ICC_SIGNATURE = Buffer.from('ICC_PROFILE\0', 'latin1');

/**
 * The same JPEG with every metadata segment removed and its compressed picture copied byte for byte,
 * or null when the file is not a plain 8-bit baseline or progressive JPEG ending in an end-of-image
 * marker (arithmetic coding, 12 bits, CMYK or an Adobe colour transform, several frames, a truncated
 * file, anything unexpected between segments).
 */
export function stripJpegMetadata(bytes: Buffer): Buffer | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2), BARE_JFIF];
  let at = 2;
  let sawFrame = false;
  let sawScan = false;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    while (bytes[at] === 0xff) at++; // fill bytes before a marker
    if (at >= bytes.length) return null;
    const marker = bytes[at]!;
    const start = at - 1;
    at++;
    if (marker === EOI) {
      if (!sawFrame || !sawScan) return null;
      kept.push(Buffer.from([0xff, EOI]));
      return Buffer.concat(kept);
    }
    if (at + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(at);
    const end = at + length;
    if (length < 2 || end > bytes.length) return null;
    const segment = bytes.subarray(start, end);
    const payload = bytes.subarray(at + 2, end);
    at = end;

    if ((marker >= APP0 && marker <= APP15) || marker === COM) {
      // The Adobe segment says how the colours are stored (RGB, CMYK); without it they would be misread.
      if (marker === 0xee) return null;
      if (marker === APP2 && payload.subarray(0, ICC_SIGNATURE.length).equals(ICC_SIGNATURE)) kept.push(segment);
      continue;
    }
    if (marker === DQT || marker === DHT || marker === DRI) {
      kept.push(segment);
      continue;
    }
    if (marker === SOF_BASELINE || marker === SOF_PROGRESSIVE) {
      if (sawFrame || !plainFrame(payload)) return null;
      sawFrame = true;
      kept.push(segment);
      continue;
    }
    if (marker === SOS) {
      if (!sawFrame) return null;
      sawScan = true;
      // The compressed data runs to the next marker other than a restart marker or a stuffed 0xff 0x00.
      let data = bytes.indexOf(0xff, end);
      while (data !== -1) {
        const next = bytes[data + 1];
        if (next !== 0x00 && !(next !== undefined && next >= 0xd0 && next <= 0xd7)) break;
        data = bytes.indexOf(0xff, data + 2);
      }
      if (data === -1 || data + 1 >= bytes.length) return null; // cut short: no end of image
      kept.push(bytes.subarray(start, data));
      at = data;
      continue;
    }
    return null;
  }
  return null;
}

/**
 * 8 bits, one (grey) or three components, the three not labelled R, G, B: with the bare JFIF header in
 * front, every decoder reads it as grey or YCbCr, as it was written.
 */
function plainFrame(frame: Buffer): boolean {
  if (frame.length < 6 || frame[0] !== 8) return false;
  const components = frame[5]!;
  if (components !== 1 && components !== 3) return false;
  if (frame.length !== 6 + components * 3) return false;
  if (components === 3) {
    const ids = String.fromCharCode(frame[6]!, frame[9]!, frame[12]!);
    if (ids === 'RGB') return false;
  }
  return true;
}
