// The map twin of the /map list (MapLibre GL JS; the choice is measured in the decision notes). Loaded
// on its own once the list is drawn. Sites and clusters are buttons on the map, so each can be tapped,
// clicked or reached by the keyboard; the map itself pans with the arrow keys and zooms with + and -,
// and Tab always leaves it. The basemap is the configured style; when it cannot be reached the sites
// are drawn on a plain background with a short notice.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { addProtocol, Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import type { GeoJSONSource, StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './site-map.css';
import { Protocol } from 'pmtiles';
import type { MapView } from '#shared/contracts/report-map.ts';
import { MAP_MAX_ZOOM } from '#shared/domain/report-map-limits.ts';
import { REPORT_STATUS_LABELS } from '#shared/domain/report-status.ts';
import { formatCount } from '#shared/domain/format.ts';
import { useBasemap } from '../api/use-map-data.ts';
import { MAP_MIN_ZOOM, type MapViewState } from '../map-view.ts';

setWorkerUrl(workerUrl);
const pmtiles = new Protocol();
addProtocol('pmtiles', pmtiles.tile);

/** How long the basemap's style may take before the sites are drawn without it. */
const STYLE_WAIT_MS = 8000;

const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef0ea' } }],
};

const BASEMAP_MISSING = 'The background map could not be loaded, so the sites are shown on a plain background.';

export interface SiteMapProps {
  view: MapViewState;
  features: MapView['features'];
  selected: number | null;
  onMove(view: Pick<MapViewState, 'lat' | 'lng' | 'zoom'>): void;
  onSelect(id: number): void;
  /** Draws the features as a heat layer under their buttons, each cluster weighted by its count. */
  heat?: boolean;
  /** Where the person looking stands, marked on the map (the find page). */
  here?: { lat: number; lng: number } | null;
}

/** The style at `url`, its own-origin extract addressed absolutely (the pmtiles protocol fetches it). */
async function loadStyle(url: string): Promise<StyleSpecification> {
  const response = await fetch(url, { signal: AbortSignal.timeout(STYLE_WAIT_MS) });
  if (!response.ok) throw new Error(`The basemap's style answered ${response.status}`);
  const style = (await response.json()) as StyleSpecification;
  for (const source of Object.values(style.sources ?? {})) {
    if ('url' in source && source.url?.startsWith('pmtiles:///')) {
      source.url = `pmtiles://${window.location.origin}/${source.url.slice('pmtiles:///'.length)}`;
    }
  }
  return style;
}

/** Calls `start` with the basemap's style, or with the plain one (`plain`) when there is none or it fails. */
export function withBasemap(styleUrl: string | undefined, start: (style: StyleSpecification, plain: boolean) => void) {
  if (!styleUrl) return start(PLAIN_STYLE, true);
  loadStyle(styleUrl).then(
    (style) => start(style, false),
    () => start(PLAIN_STYLE, true),
  );
}

function markerElement(feature: MapView['features'][number], selected: boolean): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  if (feature.kind === 'site') {
    const open = feature.status !== 'completed';
    button.className = `cue-map-site ${open ? 'cue-map-site-open' : 'cue-map-site-cleaned'}${selected ? ' cue-map-site-selected' : ''}`;
    button.setAttribute('aria-label', `///${feature.what3words}, ${REPORT_STATUS_LABELS[feature.status]}`);
    button.setAttribute('aria-pressed', String(selected));
  } else {
    button.className = 'cue-map-cluster';
    button.textContent = formatCount(feature.count);
    button.setAttribute('aria-label', `${formatCount(feature.count)} sites close together: zoom in`);
  }
  return button;
}

/** The heat layer's source and layer. */
const HEAT = 'cue-heat';

export default function SiteMap({
  view,
  features,
  selected,
  onMove,
  onSelect,
  heat = false,
  here = null,
}: SiteMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const basemap = useBasemap();
  const [notice, setNotice] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  /** The style has loaded, so layers may be added to it. */
  const [styled, setStyled] = useState(false);
  const handlers = useRef({ onMove, onSelect });
  useEffect(() => {
    handlers.current = { onMove, onSelect };
  });
  const first = useRef(view);

  // The map, once the basemap's address is known (or could not be); the sites never wait for tiles.
  const styleUrl = basemap.data?.styleUrl;
  const basemapFailed = basemap.isError;
  useEffect(() => {
    if (!container.current || (!styleUrl && !basemapFailed)) return undefined;
    let current = true;
    let made: MapLibreMap | undefined;
    const start = (style: StyleSpecification, plain: boolean) => {
      if (!current || !container.current) return;
      if (plain) setNotice(BASEMAP_MISSING);
      made = new MapLibreMap({
        container: container.current,
        style,
        center: [first.current.lng, first.current.lat],
        zoom: first.current.zoom,
        minZoom: MAP_MIN_ZOOM,
        maxZoom: MAP_MAX_ZOOM,
        // A north-up map: its bounding box is the list's.
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        // One finger scrolls the page past the map on a phone; two move the map.
        cooperativeGestures: true,
      });
      made.touchZoomRotate.disableRotation();
      made.keyboard.disableRotation();
      made.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      // Tiles that cannot be fetched once the style has loaded: the same notice, the sites stay.
      made.on('error', (event) => {
        if ((event as { sourceId?: string }).sourceId) setNotice(BASEMAP_MISSING);
      });
      made.on('moveend', () => {
        const centre = made!.getCenter();
        handlers.current.onMove({
          lat: Math.round(centre.lat * 1e5) / 1e5,
          lng: Math.round(centre.lng * 1e5) / 1e5,
          zoom: Math.round(made!.getZoom() * 100) / 100,
        });
      });
      made.once('load', () => setStyled(true));
      map.current = made;
      setReady(true);
    };
    withBasemap(styleUrl, start);
    return () => {
      current = false;
      made?.remove();
      map.current = null;
      setStyled(false);
    };
  }, [styleUrl, basemapFailed]);

  // The view moved by the list (a cluster opened, the visitor's own location): the map follows.
  useEffect(() => {
    const shown = map.current;
    if (!shown || !ready) return;
    const centre = shown.getCenter();
    const moved =
      Math.abs(centre.lat - view.lat) > 1e-5 ||
      Math.abs(centre.lng - view.lng) > 1e-5 ||
      Math.abs(shown.getZoom() - view.zoom) > 0.01;
    if (moved) shown.jumpTo({ center: [view.lng, view.lat], zoom: view.zoom });
  }, [ready, view.lat, view.lng, view.zoom]);

  // The sites and clusters of the answer, as buttons on the map.
  useEffect(() => {
    const shown = map.current;
    if (!shown || !ready) return undefined;
    const markers = features.map((feature) => {
      const element = markerElement(feature, feature.kind === 'site' && feature.id === selected);
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        if (feature.kind === 'site') handlers.current.onSelect(feature.id);
        else shown.easeTo({ center: [feature.longitude, feature.latitude], zoom: feature.expansionZoom });
      });
      return new Marker({ element }).setLngLat([feature.longitude, feature.latitude]).addTo(shown);
    });
    return () => markers.forEach((marker) => marker.remove());
  }, [ready, features, selected]);

  // The heat layer: the same features, weighted by how many reports each stands for.
  useEffect(() => {
    const shown = map.current;
    if (!shown || !styled) return;
    if (!heat) {
      if (shown.getLayer(HEAT)) shown.removeLayer(HEAT);
      if (shown.getSource(HEAT)) shown.removeSource(HEAT);
      return;
    }
    const data: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: features.map((feature) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [feature.longitude, feature.latitude] },
        properties: { weight: feature.kind === 'cluster' ? feature.count : 1 },
      })),
    };
    const source = shown.getSource<GeoJSONSource>(HEAT);
    if (source) {
      source.setData(data);
      return;
    }
    shown.addSource(HEAT, { type: 'geojson', data });
    shown.addLayer({
      id: HEAT,
      type: 'heatmap',
      source: HEAT,
      paint: {
        // A lone report shows plainly; a cluster of many, at its strongest.
        'heatmap-weight': ['interpolate', ['linear'], ['get', 'weight'], 1, 0.5, 50, 1],
        'heatmap-intensity': 2,
        'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 10, 50, 16, 90],
        'heatmap-opacity': 0.8,
        'heatmap-color': [
          'interpolate',
          ['linear'],
          ['heatmap-density'],
          0,
          'rgba(254,217,118,0)',
          0.1,
          'rgba(254,217,118,0.6)',
          0.4,
          '#fd8d3c',
          0.7,
          '#e31a1c',
          1,
          '#800026',
        ],
      },
    });
  }, [styled, heat, features]);

  // Where the person looking stands: a mark only (the list says how far each site is).
  const hereLat = here?.lat;
  const hereLng = here?.lng;
  useEffect(() => {
    const shown = map.current;
    if (!shown || !ready || hereLat === undefined || hereLng === undefined) return undefined;
    const element = document.createElement('div');
    element.className = 'cue-map-here';
    element.setAttribute('aria-hidden', 'true');
    const marker = new Marker({ element }).setLngLat([hereLng, hereLat]).addTo(shown);
    return () => void marker.remove();
  }, [ready, hereLat, hereLng]);

  return <MapBox container={container} notice={notice} />;
}

/** The map's box, and over it a line saying what the map could not do, when there is one. */
export function MapBox({ container, notice }: { container: RefObject<HTMLDivElement | null>; notice: string | null }) {
  return (
    <>
      <div ref={container} className="h-full w-full" />
      {notice && (
        <p
          role="status"
          className="absolute left-2 right-14 top-2 z-10 rounded-xl bg-white/95 p-3 text-sm font-semibold text-slate-900 shadow"
        >
          {notice}
        </p>
      )}
    </>
  );
}
