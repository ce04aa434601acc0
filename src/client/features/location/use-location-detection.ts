// The report form's location reading: idle -> detecting -> detected, and stale once the reading is older
// than 5 minutes, checked every 60 s. High accuracy, 10 s timeout, no cached position. The reading is
// converted to words through our server (no key in the browser).
import { useCallback, useEffect, useState } from 'react';
import type { ConversionResult } from '#shared/contracts/location.ts';
import {
  LOCATION_STALE_AFTER_MS,
  LOCATION_STALE_CHECK_MS,
  REPORT_FORM_GEOLOCATION_TIMEOUT_MS,
} from '#shared/domain/limits.ts';
import { coordinatesToWords } from './api/coordinates-to-words.ts';
import { readPosition, type Position } from '#client/lib/geolocation.ts';

interface LocationReading extends Position {
  /** When the reading was taken (ms since the epoch). */
  at: number;
  conversion: ConversionResult;
}

export type DetectionState = 'idle' | 'detecting' | 'detected' | 'stale';

export function useLocationDetection() {
  const [reading, setReading] = useState<LocationReading | null>(null);
  const [detecting, setDetecting] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!reading) return;
    const timer = setInterval(() => setNow(Date.now()), LOCATION_STALE_CHECK_MS);
    return () => clearInterval(timer);
  }, [reading]);

  /** Takes a new reading; resolves with it, or rejects with the browser's or the server's error. */
  const detect = useCallback(async (): Promise<LocationReading> => {
    setDetecting(true);
    try {
      const { latitude, longitude, accuracy } = await readPosition({
        timeoutMs: REPORT_FORM_GEOLOCATION_TIMEOUT_MS,
        maximumAgeMs: 0,
      });
      const conversion = await coordinatesToWords(latitude, longitude);
      const next = { latitude, longitude, accuracy, at: Date.now(), conversion };
      setReading(next);
      setNow(next.at);
      return next;
    } catch (error) {
      setReading(null);
      throw error;
    } finally {
      setDetecting(false);
    }
  }, []);

  const forget = useCallback(() => setReading(null), []);

  const state: DetectionState = detecting
    ? 'detecting'
    : !reading
      ? 'idle'
      : now - reading.at > LOCATION_STALE_AFTER_MS
        ? 'stale'
        : 'detected';

  return { state, reading, detect, forget };
}
