// Whether a CSS media query matches, kept up to date as the window is resized or turned.
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** From this width up, lists of records show as tables; below it, as one card per record. */
export const TABLE_WIDTH_QUERY = '(min-width: 48rem)';
