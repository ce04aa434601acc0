// Reads how a JPEG was encoded from its markers alone, before any pixel is decoded: how many scans it
// sends its picture in, the quality its luminance table was made at, and whether its colour is stored
// at half size. The file is walked segment by segment as libjpeg reads it: segment payloads are
// skipped by their length, the compressed data of a scan runs to the next marker that is neither a
// stuffed 0xff 0x00 nor a restart marker, bytes between segments are skipped up to the next marker,
// and the walk ends at the end-of-image marker (a preview appended after it is not read).
//
// The scan count is what makes a "scan bomb" visible: a decoder walks every block of the picture once
// per scan, so a file of a few hundred kilobytes sent in tens of thousands of tiny scans costs seconds
// to decode, where a camera or a browser writes one scan (baseline) or about ten (progressive).

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DQT = 0xdb;
const TEM = 0x01;

export interface JpegLayout {
  /** Start-of-scan markers up to the end of the image; the walk stops counting once past `maxScans`. */
  scans: number;
  /**
   * The quality (1 to 100) whose standard luminance table (the Independent JPEG Group's, which
   * libjpeg, libjpeg-turbo and so every browser's canvas scale by quality) is nearest the file's own;
   * null when the file has none.
   */
  quality: number | null;
  /** The colour (second and third components) stored at half width and half height. */
  halfSizeColour: boolean;
}

/**
 * How the JPEG is laid out, or null when its bytes do not start like a JPEG. A file cut short or with
 * a broken segment is answered with what was read up to there (the decoder then refuses it).
 */
export function readJpegLayout(bytes: Buffer, { maxScans }: { maxScans: number }): JpegLayout | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const tables = new Map<number, Uint16Array>();
  let lumaTable: number | undefined;
  let halfSizeColour = false;
  let scans = 0;
  let at = 2;
  while (at < bytes.length && scans <= maxScans) {
    at = bytes.indexOf(0xff, at); // anything before a marker is skipped, as libjpeg does
    if (at === -1) break;
    while (bytes[at] === 0xff) at++; // fill bytes
    if (at >= bytes.length) break;
    const marker = bytes[at]!;
    at++;
    if (marker === EOI) break;
    if (marker === 0x00 || marker === TEM || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (at + 2 > bytes.length) break;
    const length = bytes.readUInt16BE(at);
    if (length < 2) break;
    const payload = bytes.subarray(at + 2, Math.min(bytes.length, at + length));
    at += length;
    if (marker === DQT) readQuantisationTables(payload, tables);
    else if (isFrame(marker) && payload.length >= 6) {
      const components = payload[5]!;
      if (payload.length >= 6 + components * 3 && components > 0) {
        lumaTable = payload[8]! & 0x0f;
        const sampling = (index: number) => payload[6 + index * 3 + 1]!;
        halfSizeColour = components === 3 && sampling(0) === 0x22 && sampling(1) === 0x11 && sampling(2) === 0x11;
      }
    } else if (marker === SOS) {
      scans++;
      at = endOfScanData(bytes, at);
    }
  }
  const luma = tables.get(lumaTable ?? 0);
  return { scans, quality: luma ? nearestQuality(luma) : null, halfSizeColour };
}

/** Start-of-frame markers: 0xc0 to 0xcf except the Huffman (0xc4), arithmetic (0xcc) and JPG (0xc8) ones. */
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Where a scan's compressed data ends: at the next 0xff that starts a marker, or at the end of the file. */
function endOfScanData(bytes: Buffer, from: number): number {
  let at = bytes.indexOf(0xff, from);
  while (at !== -1) {
    const next = bytes[at + 1];
    if (next === undefined) return bytes.length;
    if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return at;
    at = bytes.indexOf(0xff, at + 2);
  }
  return bytes.length;
}

/** Each table of a DQT segment (8- or 16-bit values, in zigzag order) by its number. */
function readQuantisationTables(payload: Buffer, tables: Map<number, Uint16Array>): void {
  let at = 0;
  while (at < payload.length) {
    const precision = payload[at]! >> 4;
    const id = payload[at]! & 0x0f;
    const size = precision === 0 ? 64 : 128;
    if (at + 1 + size > payload.length) return;
    const values = new Uint16Array(64);
    for (let i = 0; i < 64; i++) {
      values[i] = precision === 0 ? payload[at + 1 + i]! : payload.readUInt16BE(at + 1 + i * 2);
    }
    tables.set(id, values);
    at += 1 + size;
  }
}

/** The standard luminance table (Annex K of the JPEG standard), in zigzag order as DQT stores it. */
const STANDARD_LUMINANCE = [
  16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40, 26, 24, 22, 22, 24, 49, 35, 37, 29, 40, 58, 51, 61,
  60, 57, 51, 56, 55, 64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87, 95, 98, 103, 104, 103, 62, 77, 113, 121,
  112, 100, 120, 92, 101, 103, 99,
];

/** The quality whose scaled standard table is nearest `table` (libjpeg's jpeg_set_quality scaling). */
function nearestQuality(table: Uint16Array): number {
  let best = 50;
  let bestDistance = Infinity;
  for (let quality = 1; quality <= 100; quality++) {
    const scale = quality < 50 ? Math.floor(5000 / quality) : 200 - quality * 2;
    let distance = 0;
    for (let i = 0; i < 64; i++) {
      const scaled = Math.min(255, Math.max(1, Math.floor((STANDARD_LUMINANCE[i]! * scale + 50) / 100)));
      distance += Math.abs(scaled - table[i]!);
    }
    if (distance <= bestDistance) {
      best = quality;
      bestDistance = distance;
    }
  }
  return best;
}
