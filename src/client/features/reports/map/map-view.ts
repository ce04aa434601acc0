// What one view of the map is (its centre and zoom, which sites it shows, how its list is sorted, the
// site opened), kept in the page's address so a shared link opens the same view; and the bounding
// box that view covers in a box of a given size, worked out as the map itself does (Web Mercator,
// 512 px tiles), so the list can be asked for before the map's code has loaded.
import type { MapShow } from '#shared/contracts/report-map.ts';
import { MAP_MAX_ZOOM } from '#shared/domain/report-map-limits.ts';

export type MapSort = 'date' | 'distance';

export interface MapViewState {
  lat: number;
  lng: number;
  zoom: number;
  show: MapShow;
  sort: MapSort;
  /** The site whose details are open. */
  site: number | null;
}

/** The city centre, zoomed to show the middle of the city. */
export const CITY_VIEW: MapViewState = { lat: 55.9533, lng: -3.1883, zoom: 12, show: 'all', sort: 'date', site: null };

export const MAP_MIN_ZOOM = 9;
const TILE = 512;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The view a page's query string names; anything missing or out of range is the city's default. */
export function viewFromSearch(search: string): MapViewState {
  const params = new URLSearchParams(search);
  const number = (name: string, low: number, high: number, fallback: number) => {
    const text = params.get(name);
    const value = text === null || text.trim() === '' ? Number.NaN : Number(text);
    return Number.isFinite(value) ? clamp(value, low, high) : fallback;
  };
  const show = params.get('show');
  const site = Number(params.get('site'));
  return {
    lat: number('lat', -85, 85, CITY_VIEW.lat),
    lng: number('lng', -180, 180, CITY_VIEW.lng),
    zoom: number('zoom', MAP_MIN_ZOOM, MAP_MAX_ZOOM, CITY_VIEW.zoom),
    show: show === 'open' || show === 'cleaned' ? show : 'all',
    sort: params.get('sort') === 'distance' ? 'distance' : 'date',
    site: Number.isSafeInteger(site) && site > 0 ? site : null,
  };
}

/** The query string of a view: short numbers, defaults left out. */
export function searchOfView(view: MapViewState): string {
  const params = new URLSearchParams({
    lat: view.lat.toFixed(5),
    lng: view.lng.toFixed(5),
    zoom: String(Math.round(view.zoom * 100) / 100),
  });
  if (view.show !== 'all') params.set('show', view.show);
  if (view.sort !== 'date') params.set('sort', view.sort);
  if (view.site !== null) params.set('site', String(view.site));
  return `?${params}`;
}

const worldX = (lng: number, size: number) => ((lng + 180) / 360) * size;
const worldY = (lat: number, size: number) => {
  const sin = Math.sin((clamp(lat, -85.05, 85.05) * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size;
};
const lngOf = (x: number, size: number) => (x / size) * 360 - 180;
const latOf = (y: number, size: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;

/** West, south, east, north of the view in a box `width` by `height` CSS pixels, to four decimals. */
export function boundsOf(
  view: Pick<MapViewState, 'lat' | 'lng' | 'zoom'>,
  width: number,
  height: number,
): [number, number, number, number] {
  const size = TILE * 2 ** view.zoom;
  const x = worldX(view.lng, size);
  const y = worldY(view.lat, size);
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return [
    round(clamp(lngOf(x - width / 2, size), -180, 180)),
    round(clamp(latOf(y + height / 2, size), -85, 85)),
    round(clamp(lngOf(x + width / 2, size), -180, 180)),
    round(clamp(latOf(y - height / 2, size), -85, 85)),
  ];
}

/** The zoom the server clusters at for a map at `zoom`. */
export const dataZoom = (zoom: number) => clamp(Math.floor(zoom), 0, MAP_MAX_ZOOM);

/** Metres between two points (haversine). */
export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
