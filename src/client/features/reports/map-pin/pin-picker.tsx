// 'Choose on the map' on the report form: a dialog with a map and one pin. The pin's three words come
// from the location provider through our server as it settles, and are read out as they change; 'Use
// this place' (or Enter on the map) gives them to the form's field, Cancel or Escape leaves the field
// as it was. Its code loads only when the reporter asks for the map, and MapLibre's after it opens.
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { ConversionResult } from '#shared/contracts/location.ts';
import { isThreeWordFormat, normaliseThreeWords } from '#shared/domain/three-words.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { describeError } from '#client/lib/api-client.ts';
import { locationApi } from '#client/lib/calls/location.ts';
import type { PinMapProps, Place } from './pin-map.tsx';

/** How long the pin rests before its words are asked for, so held arrow keys make one call. */
const SETTLE_MS = 300;
/** Close enough to tell one three-metre square from the next. */
const STREET_ZOOM = 18;

const HOW =
  'Tap or click where the graffiti is, or drag the pin. On the map, the arrow keys move the pin and Enter uses its place.';
const MAP_LABEL = 'Map with a pin. The arrow keys move the pin, Enter uses its place, plus and minus zoom.';

export interface PinPickerProps {
  /** The words in the form's field: the map opens at them when they name a place. */
  words: string;
  /** The chosen place's words, or nothing when the reporter closed the map without choosing. */
  onDone(words?: string): void;
}

type Shown = { key: string; words?: string; problem?: string };

const keyOf = (place: Place) => `${place.lat},${place.lng}`;

export function PinPicker({ words, onDone }: PinPickerProps) {
  const [open, setOpen] = useState(true);
  // Unknown yet (undefined), the middle of the city (null), or the place of the words already typed.
  const [start, setStart] = useState<PinMapProps['start'] | undefined>(undefined);
  const [pin, setPin] = useState<Place | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [PinMap, setPinMap] = useState<{ Component?: ComponentType<PinMapProps>; failed?: true }>({});
  const chosen = useRef<string | undefined>(undefined);
  const conversions = useRef(new Map<string, Promise<ConversionResult>>());

  // The map's code, asked for at once; the dialog is there meanwhile.
  useEffect(() => {
    import('./pin-map.tsx').then(
      (module) => setPinMap({ Component: module.default }),
      () => setPinMap({ failed: true }),
    );
  }, []);

  // Opens at the words already in the field, when they name a place; else in the middle of the city.
  const [initialWords] = useState(words);
  useEffect(() => {
    const typed = normaliseThreeWords(initialWords);
    const begin = (at: PinMapProps['start']) => {
      setStart(at);
      if (at) setPin({ lat: at.lat, lng: at.lng });
    };
    if (!isThreeWordFormat(typed)) return begin(null);
    let current = true;
    locationApi.wordsToCoordinates({ query: { words: typed } }).then(
      (place) => current && begin({ lat: place.lat, lng: place.lng, zoom: STREET_ZOOM }),
      () => current && begin(null),
    );
    return () => {
      current = false;
    };
  }, [initialWords]);

  /** The words of a place, asked for once per place (a failed ask is asked again next time). */
  const convert = useCallback((place: Place) => {
    const key = keyOf(place);
    let asked = conversions.current.get(key);
    if (!asked) {
      asked = locationApi.coordinatesToWords({ query: { lat: place.lat.toFixed(6), lng: place.lng.toFixed(6) } });
      conversions.current.set(key, asked);
      asked.catch(() => conversions.current.delete(key));
    }
    return asked;
  }, []);

  const problemOf = (error: unknown) =>
    describeError(error, 'The three words of this place could not be found.').message;

  // The pin's words once it has settled.
  useEffect(() => {
    if (!pin) return undefined;
    const key = keyOf(pin);
    let current = true;
    const timer = setTimeout(() => {
      convert(pin).then(
        (result) => current && setShown({ key, words: result.words }),
        (error: unknown) => current && setShown({ key, problem: problemOf(error) }),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [pin, convert]);

  const confirm = useCallback(() => {
    if (!pin) return;
    const key = keyOf(pin);
    convert(pin).then(
      (result) => {
        chosen.current = result.words;
        setShown({ key, words: result.words });
        setOpen(false);
      },
      (error: unknown) => setShown({ key, problem: problemOf(error) }),
    );
  }, [pin, convert]);

  const current = pin && shown?.key === keyOf(pin) ? shown : null;
  const status = !pin
    ? 'Loading the map...'
    : current?.words
      ? `The pin is at ///${current.words}`
      : (current?.problem ?? 'Finding the three words of this place...');

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Choose on the map"
      description={HOW}
      size="lg"
      // Closed: the chosen words go to the form's field, which takes the focus; else back to the button.
      focusAfterClose={() => {
        onDone(chosen.current);
        return chosen.current ? (document.activeElement as HTMLElement | null) : null;
      }}
    >
      <div className="grid gap-3">
        <div className="cue-pin-map relative h-[50dvh] min-h-64 overflow-hidden rounded-xl border border-stone-300 bg-[#eef0ea]">
          {PinMap.Component && start !== undefined ? (
            <PinMap.Component start={start} pin={pin} label={MAP_LABEL} onPin={setPin} onConfirm={confirm} />
          ) : PinMap.failed ? (
            <p className="p-4 text-slate-800">
              The map could not be loaded. Type the three words instead, or use your current location.
            </p>
          ) : (
            <p className="p-4 text-slate-700">Loading the map...</p>
          )}
        </div>
        <p className="text-sm text-slate-700">Map data © OpenStreetMap contributors</p>
        <p role="status" className="min-h-12 text-lg font-semibold text-civic-900 [overflow-wrap:anywhere]">
          {status}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={confirm} disabled={!pin}>
            Use this place
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
