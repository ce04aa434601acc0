// Whether an embedded colour profile describes sRGB, the colours a browser shows a photo without a
// profile in. Browsers tag what their canvas encodes with an sRGB profile of their own; such a profile
// can be dropped without converting a pixel, where converting through it would cost as much again as
// the rest of the photo's work. Any other profile (Display P3, Adobe RGB, a table-based one) is left to
// the converter, so wide-gamut colours still come out right.

/** sRGB's primaries as an ICC profile gives them, adapted to its D50 white (X, Y, Z). */
const SRGB_COLOURANTS: Record<string, [number, number, number]> = {
  rXYZ: [0.4361, 0.2225, 0.0139],
  gXYZ: [0.3851, 0.7169, 0.0971],
  bXYZ: [0.1431, 0.0606, 0.7141],
};
const COLOURANT_TOLERANCE = 0.01;
/** Within this of sRGB's tone curve (0 to 1) everywhere, a curve shows the same to the eye. */
const CURVE_TOLERANCE = 0.01;
const CURVE_SAMPLES = [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

const srgbCurve = (x: number) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);

export function isSrgbProfile(icc: Buffer | undefined): boolean {
  if (!icc || icc.length < 132 || icc.toString('latin1', 16, 20) !== 'RGB ') return false;
  const tags = new Map<string, Buffer>();
  const count = icc.readUInt32BE(128);
  if (132 + count * 12 > icc.length) return false;
  for (let i = 0; i < count; i++) {
    const entry = 132 + i * 12;
    const offset = icc.readUInt32BE(entry + 4);
    const size = icc.readUInt32BE(entry + 8);
    if (offset + size > icc.length) return false;
    tags.set(icc.toString('latin1', entry, entry + 4), icc.subarray(offset, offset + size));
  }
  for (const [tag, expected] of Object.entries(SRGB_COLOURANTS)) {
    const xyz = tags.get(tag);
    if (!xyz || xyz.length < 20 || xyz.toString('latin1', 0, 4) !== 'XYZ ') return false;
    for (let i = 0; i < 3; i++) {
      if (Math.abs(xyz.readInt32BE(8 + i * 4) / 65536 - expected[i]!) > COLOURANT_TOLERANCE) return false;
    }
  }
  for (const tag of ['rTRC', 'gTRC', 'bTRC']) {
    const curve = toneCurve(tags.get(tag));
    if (!curve || CURVE_SAMPLES.some((x) => !(Math.abs(curve(x) - srgbCurve(x)) <= CURVE_TOLERANCE))) return false;
  }
  return true;
}

/** A tone curve as a function of 0 to 1, from a 'curv' or 'para' tag; undefined for anything else. */
function toneCurve(tag: Buffer | undefined): ((x: number) => number) | undefined {
  if (!tag || tag.length < 12) return undefined;
  const type = tag.toString('latin1', 0, 4);
  if (type === 'curv') {
    const entries = tag.readUInt32BE(8);
    if (entries === 0 || tag.length < 12 + entries * 2) return undefined; // none: the identity, not sRGB
    if (entries === 1) {
      const gamma = tag.readUInt16BE(12) / 256;
      return (x) => x ** gamma;
    }
    const value = (i: number) => tag.readUInt16BE(12 + i * 2) / 65535;
    return (x) => {
      const position = x * (entries - 1);
      const below = Math.floor(position);
      if (below >= entries - 1) return value(entries - 1);
      return value(below) + (value(below + 1) - value(below)) * (position - below);
    };
  }
  if (type === 'para') {
    const kind = tag.readUInt16BE(8);
    const counts = [1, 3, 4, 5, 7];
    const needed = counts[kind];
    if (needed === undefined || tag.length < 12 + needed * 4) return undefined;
    const [g = 1, a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = Array.from(
      { length: needed },
      (_, i) => tag.readInt32BE(12 + i * 4) / 65536,
    );
    const power = (x: number) => Math.max(0, a * x + b) ** g;
    switch (kind) {
      case 0:
        return (x) => x ** g;
      case 1:
        return (x) => (x >= -b / a ? power(x) : 0);
      case 2:
        return (x) => (x >= -b / a ? power(x) + c : c);
      case 3:
        return (x) => (x >= d ? power(x) : c * x);
      default:
        return (x) => (x >= d ? power(x) + e : c * x + f);
    }
  }
  return undefined;
}
