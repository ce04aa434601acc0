// A screen whose code loads on demand, which can be asked for before it is drawn (the screen a page
// opens on is asked for at once: its files are already on their way with the page). Until the code is
// here the screen draws the route's placeholder.
//
// It waits with a state of its own rather than by suspending: React reveals what a suspended
// placeholder stood for no sooner than 300 ms after the placeholder appeared, so every page opened
// straight on a screen waited that long. The screen is then drawn at transition priority, in slices
// that let the browser paint and answer a tap between them.
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { ScreenPlaceholder } from './lazy-route.tsx';

export interface LazyScreen {
  (): React.JSX.Element;
  /** Starts loading the code (once; again after a failure) and answers when it is here. */
  preload(): Promise<unknown>;
}

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function Screen() {
    const [state, setState] = useState<{ Component?: ComponentType; error?: unknown }>(() => ({
      Component: loaded,
    }));
    const waiting = !state.Component && state.error === undefined;
    useEffect(() => {
      if (!waiting) return undefined;
      let current = true;
      preload().then(
        (Component) => current && startTransition(() => setState({ Component })),
        (error: unknown) => current && setState({ error: error ?? new Error('The screen could not be loaded') }),
      );
      return () => {
        current = false;
      };
    }, [waiting]);
    // A load that failed (offline before the code was ever cached) is shown by the route's boundary.
    if (state.error !== undefined) throw state.error;
    const { Component } = state;
    return Component ? <Component /> : <ScreenPlaceholder />;
  }
  return Object.assign(Screen, { preload });
}
