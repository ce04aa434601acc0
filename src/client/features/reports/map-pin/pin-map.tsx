// The map of 'Choose on the map' (MapLibre, over the same basemap as /map, set up by site-map.tsx): one
// pin, placed by a tap or a click, dragged, or moved with the arrow keys while the map has focus
// (Enter then uses its place, + and - zoom around it). Loaded only once the reporter asks for the map.
import { useEffect, useRef, useState } from 'react';
import { Map as MapLibreMap, Marker, NavigationControl, type StyleSpecification } from 'maplibre-gl';
import { MAP_MAX_ZOOM } from '#shared/domain/report-map-limits.ts';
import { MapBox, withBasemap } from '../map/components/site-map.tsx';
import { useBasemap } from '../map/api/use-map-data.ts';
import { CITY_VIEW, MAP_MIN_ZOOM } from '../map/map-view.ts';
import { panToKeep, pinStep, roundedPlace } from './pin-moves.ts';
import './pin-map.css';

export interface Place {
  lat: number;
  lng: number;
}

export interface PinMapProps {
  /** Where the map opens, and how close; null: the middle of the city, where the pin is then put. */
  start: (Place & { zoom: number }) | null;
  /** Null until the map has put it at its start. */
  pin: Place | null;
  /** The map's name for screen readers, saying how to move the pin. */
  label: string;
  onPin(place: Place): void;
  /** Enter pressed on the map: use the pin's place. */
  onConfirm(): void;
}

/** The middle of the city, near enough to find a street. */
const CITY_START = { lat: CITY_VIEW.lat, lng: CITY_VIEW.lng, zoom: 14 };

const BASEMAP_MISSING = 'The background map could not be loaded, so the pin is shown on a plain background.';
const NO_WEBGL = 'This browser cannot draw the map. Type the three words instead, or use your current location.';

function pinElement(): HTMLDivElement {
  const element = document.createElement('div');
  element.className = 'cue-pin';
  // The map's own status line says where the pin is; the pin itself is only drawn.
  element.setAttribute('aria-hidden', 'true');
  return element;
}

export default function PinMap({ start, pin, label, onPin, onConfirm }: PinMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const basemap = useBasemap();
  const [notice, setNotice] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef({ pin, onPin, onConfirm });
  useEffect(() => {
    latest.current = { pin, onPin, onConfirm };
  });
  const first = useRef({ start: start ?? CITY_START, label });

  const styleUrl = basemap.data?.styleUrl;
  const basemapFailed = basemap.isError;
  useEffect(() => {
    const box = container.current;
    if (!box || (!styleUrl && !basemapFailed)) return undefined;
    let current = true;
    let made: MapLibreMap | undefined;
    const place = (lngLat: { lat: number; lng: number }) => latest.current.onPin(roundedPlace(lngLat.lat, lngLat.lng));
    // The zoom the keys last asked for: a key pressed while the map still eases there goes on from it,
    // so three quick presses of + zoom in three steps, not one and a bit.
    let heading: number | undefined;

    function onKey(event: KeyboardEvent) {
      const shown = map.current;
      // Only the map itself: the zoom buttons inside it keep their own keys.
      if (!shown || event.target !== shown.getCanvas() || event.altKey || event.ctrlKey || event.metaKey) return;
      const step = pinStep(event.key, event.shiftKey);
      const now = latest.current.pin;
      if (!now) return;
      if (step) {
        event.preventDefault();
        const at = shown.project([now.lng, now.lat]);
        const next: [number, number] = [at.x + step[0], at.y + step[1]];
        place(shown.unproject(next));
        const { clientWidth, clientHeight } = shown.getContainer();
        const pan = panToKeep(next, clientWidth, clientHeight);
        if (pan[0] || pan[1]) shown.panBy(pan, { duration: 150 });
      } else if (event.key === 'Enter') {
        event.preventDefault();
        latest.current.onConfirm();
      } else if (event.key === '+' || event.key === '=' || event.key === '-') {
        event.preventDefault();
        const from = heading !== undefined && shown.isZooming() ? heading : shown.getZoom();
        const zoom = Math.min(MAP_MAX_ZOOM, Math.max(MAP_MIN_ZOOM, from + (event.key === '-' ? -1 : 1)));
        heading = zoom;
        shown.easeTo({ zoom, around: [now.lng, now.lat], duration: 200 });
      }
    }

    const begin = (style: StyleSpecification, plain: boolean) => {
      if (!current || !container.current) return;
      if (plain) setNotice(BASEMAP_MISSING);
      try {
        made = new MapLibreMap({
          container: box,
          style,
          center: [first.current.start.lng, first.current.start.lat],
          zoom: first.current.start.zoom,
          minZoom: MAP_MIN_ZOOM,
          maxZoom: MAP_MAX_ZOOM,
          dragRotate: false,
          pitchWithRotate: false,
          touchPitch: false,
          locale: { 'Map.Title': first.current.label },
        });
      } catch {
        setNotice(NO_WEBGL);
        return;
      }
      made.touchZoomRotate.disableRotation();
      // The arrow keys move the pin rather than the map (see onKey).
      made.keyboard.disable();
      made.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      made.on('error', (event) => {
        if ((event as { sourceId?: string }).sourceId) setNotice(BASEMAP_MISSING);
      });
      made.on('click', (event) => place(event.lngLat));
      const now = latest.current.pin ?? first.current.start;
      const dragged = new Marker({ element: pinElement(), draggable: true, anchor: 'bottom' })
        .setLngLat([now.lng, now.lat])
        .addTo(made);
      if (!latest.current.pin) place(now);
      dragged.on('dragend', () => place(dragged.getLngLat()));
      marker.current = dragged;
      map.current = made;
      setReady(true);
    };
    box.addEventListener('keydown', onKey);
    withBasemap(styleUrl, begin);
    return () => {
      current = false;
      box.removeEventListener('keydown', onKey);
      made?.remove();
      map.current = null;
      marker.current = null;
    };
  }, [styleUrl, basemapFailed]);

  // The pin follows every placement, however it was made.
  useEffect(() => {
    if (ready && pin) marker.current?.setLngLat([pin.lng, pin.lat]);
  }, [ready, pin]);

  return <MapBox container={container} notice={notice} />;
}
