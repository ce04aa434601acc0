// A real PMTiles v3 file made at test time: raster tiles drawn by sharp (each a flat colour with a
// darker border, so a screenshot shows the grid), one root directory, nothing compressed. Read by the
// app's extract route and by the `pmtiles` package in the browser exactly as a cut extract of the city.
import { zxyToTileId } from 'pmtiles';
import sharp from 'sharp';

export interface TileArea {
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north in degrees. */
  bounds: [number, number, number, number];
}

const lonToX = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const latToY = (lat: number, z: number) => {
  const rad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
};

/** A 256 px PNG tile of one colour with a border. */
export async function plainTile(hue: number): Promise<Buffer> {
  const border = { r: 150, g: 170, b: 160 };
  const inside = await sharp({
    create: { width: 248, height: 248, channels: 3, background: { r: 220, g: 228 + (hue % 20), b: 215 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 256, height: 256, channels: 3, background: border } })
    .composite([{ input: inside, left: 4, top: 4 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Every tile of the area at each zoom. */
export async function rasterTiles(area: TileArea): Promise<Map<string, Buffer>> {
  const tiles = new Map<string, Buffer>();
  const [west, south, east, north] = area.bounds;
  for (let z = area.minZoom; z <= area.maxZoom; z++) {
    for (let x = lonToX(west, z); x <= lonToX(east, z); x++) {
      for (let y = latToY(north, z); y <= latToY(south, z); y++) {
        tiles.set(`${z}/${x}/${y}`, await plainTile(x + y));
      }
    }
  }
  return tiles;
}

function varint(value: number, out: number[]): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

/** The PMTiles file of `tiles` ('z/x/y' to PNG bytes) over `area`. */
export function pmtilesFile(tiles: Map<string, Buffer>, area: TileArea): Buffer {
  const entries = [...tiles]
    .map(([key, data]) => {
      const [z, x, y] = key.split('/').map(Number) as [number, number, number];
      return { id: zxyToTileId(z, x, y), data };
    })
    .sort((a, b) => a.id - b.id);
  const dir: number[] = [];
  varint(entries.length, dir);
  let last = 0;
  for (const entry of entries) {
    varint(entry.id - last, dir);
    last = entry.id;
  }
  for (let i = 0; i < entries.length; i++) varint(1, dir);
  for (const entry of entries) varint(entry.data.length, dir);
  // Contiguous tiles: the first at offset 0 (written as 0 + 1), each next one right after (written 0).
  entries.forEach((_, i) => varint(i === 0 ? 1 : 0, dir));
  const root = Buffer.from(dir);
  const metadata = Buffer.from(JSON.stringify({ name: 'test tiles', attribution: '© OpenStreetMap contributors' }));
  const data = Buffer.concat(entries.map((entry) => entry.data));

  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, dataOffset + data.length);
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, data.length);
  u64(72, entries.length);
  u64(80, entries.length);
  u64(88, entries.length);
  header[96] = 1; // clustered
  header[97] = 1; // internal compression: none
  header[98] = 1; // tile compression: none
  header[99] = 2; // PNG
  header[100] = area.minZoom;
  header[101] = area.maxZoom;
  const [west, south, east, north] = area.bounds;
  const e7 = (at: number, degrees: number) => header.writeInt32LE(Math.round(degrees * 1e7), at);
  e7(102, west);
  e7(106, south);
  e7(110, east);
  e7(114, north);
  header[118] = area.minZoom;
  e7(119, (west + east) / 2);
  e7(123, (south + north) / 2);
  return Buffer.concat([header, root, metadata, data]);
}
