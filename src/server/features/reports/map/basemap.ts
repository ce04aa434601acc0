// The map's basemap: a public provider's MapLibre style (no key; config.ts names the default), or the app's own PMTiles extract of the city, a file in DATA_DIR read by the browser in
// HTTP ranges. The extract's style is made here from the kind of tiles its header names: raster tiles
// drawn as they are, or vector tiles of the Protomaps basemap drawn plainly (land, parks, water, roads,
// buildings; no labels, so no fonts to host).
import fs from 'node:fs';
import crypto from 'node:crypto';

export interface BasemapConfig {
  /** A MapLibre style on another origin; ignored when there is an extract. */
  styleUrl: string;
  /** The PMTiles extract's full path, when the app serves its own. */
  pmtilesPath?: string;
}

export interface Extract {
  path: string;
  size: number;
  /** Names the file's contents in its URL, so the URL can be cached for good. */
  version: string;
  tiles: 'vector' | 'raster';
  minZoom: number;
  maxZoom: number;
}

export interface Basemap {
  /** The style the map loads (absolute for a provider, our own path for the extract). */
  styleUrl: string;
  /** The origin the browser fetches the basemap from, for the CSP; none when it is our own. */
  origin: string | undefined;
  extract: Extract | undefined;
}

const HEADER_BYTES = 127;
/** PMTiles v3 tile types: 1 vector (MVT), 2 PNG, 3 JPEG, 4 WebP, 5 AVIF. */
const RASTER_TYPES = new Set([2, 3, 4, 5]);

export class BasemapError extends Error {}

/** Reads the extract's header (checking it is a PMTiles v3 file) and names its version. */
export function readExtract(filePath: string): Extract {
  let fd: number;
  try {
    fd = fs.openSync(filePath, 'r');
  } catch {
    throw new BasemapError(`MAP_PMTILES: ${filePath} cannot be read`);
  }
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const read = fs.readSync(fd, header, 0, HEADER_BYTES, 0);
    if (read < HEADER_BYTES || header.toString('latin1', 0, 7) !== 'PMTiles' || header[7] !== 3) {
      throw new BasemapError(`MAP_PMTILES: ${filePath} is not a PMTiles version 3 file`);
    }
    const tileType = header[99]!;
    if (tileType !== 1 && !RASTER_TYPES.has(tileType)) {
      throw new BasemapError(`MAP_PMTILES: ${filePath} holds tiles of an unknown kind (${tileType})`);
    }
    const { size, mtimeMs } = fs.fstatSync(fd);
    const version = crypto.createHash('sha256').update(`${size}.${mtimeMs}.`).update(header).digest('hex').slice(0, 16);
    return {
      path: filePath,
      size,
      version,
      tiles: tileType === 1 ? 'vector' : 'raster',
      minZoom: header[100]!,
      maxZoom: header[101]!,
    };
  } finally {
    fs.closeSync(fd);
  }
}

export function basemapOf(config: BasemapConfig): Basemap {
  if (config.pmtilesPath) {
    return { styleUrl: '/api/map/style', origin: undefined, extract: readExtract(config.pmtilesPath) };
  }
  return { styleUrl: config.styleUrl, origin: new URL(config.styleUrl).origin, extract: undefined };
}

const ATTRIBUTION = '© OpenStreetMap contributors';

/** The MapLibre style over the extract, read through the `pmtiles://` protocol from our own path. */
export function extractStyle(extract: Extract): object {
  // Relative to the page: the protocol fetches the file from the same origin.
  const source = { url: `pmtiles:///api/map/tiles/${extract.version}`, attribution: ATTRIBUTION };
  const background = { id: 'background', type: 'background', paint: { 'background-color': '#eef0ea' } };
  if (extract.tiles === 'raster') {
    return {
      version: 8,
      sources: { basemap: { type: 'raster', tileSize: 256, ...source } },
      layers: [background, { id: 'basemap', type: 'raster', source: 'basemap' }],
    };
  }
  const fill = (id: string, layer: string, color: string, filter?: unknown[]) => ({
    id,
    type: 'fill',
    source: 'basemap',
    'source-layer': layer,
    ...(filter ? { filter } : {}),
    paint: { 'fill-color': color },
  });
  const road = (id: string, kinds: string[], color: string, width: number) => ({
    id,
    type: 'line',
    source: 'basemap',
    'source-layer': 'roads',
    filter: ['in', ['get', 'kind'], ['literal', kinds]],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': color,
      'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 12, width / 4, 18, width * 4],
    },
  });
  return {
    version: 8,
    sources: { basemap: { type: 'vector', ...source } },
    layers: [
      background,
      fill('earth', 'earth', '#f3f1ea'),
      fill('parks', 'landuse', '#cfe6c4', [
        'in',
        ['get', 'kind'],
        ['literal', ['park', 'garden', 'grass', 'wood', 'forest', 'golf_course', 'cemetery']],
      ]),
      fill('water', 'water', '#a9cde6'),
      road('paths', ['path', 'other'], '#ffffff', 1),
      road('minor-roads', ['minor_road'], '#ffffff', 2),
      road('major-roads', ['major_road', 'highway'], '#fbe3a7', 3),
      fill('buildings', 'buildings', '#dedad2'),
    ],
  };
}
