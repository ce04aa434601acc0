// The map twin of a list, on /map and the screens that borrow it: its code (MapLibre) is asked for once
// the list has drawn and the browser is idle, never with the screen's first script. A map that cannot
// load (offline before it was ever cached) says so; the list stays.
import { useEffect, useState } from 'react';
import { whenIdle } from '#client/lib/when-idle.ts';
import type { SiteMapProps } from './components/site-map.tsx';

type SiteMapComponent = (props: SiteMapProps) => React.JSX.Element;

/** The map's component once `listed` has been true and the browser was idle; `failed` if it never came. */
export function useSiteMap(listed: boolean): { Component?: SiteMapComponent; failed?: true } {
  const [loaded, setLoaded] = useState<{ Component?: SiteMapComponent; failed?: true }>({});
  useEffect(() => {
    if (!listed) return undefined;
    return whenIdle(() => {
      import('./components/site-map.tsx').then(
        (module) => setLoaded({ Component: module.default }),
        () => setLoaded({ failed: true }),
      );
    });
  }, [listed]);
  return loaded;
}
