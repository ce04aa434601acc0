// Screens loaded on demand. A screen can be asked for before it is drawn (the screen a page opens on
// is asked for at once: its files are already on their way with the page); until its code is here the
// route shows a quiet placeholder, and if the code cannot be fetched (offline before it was ever
// cached), a plain message with a way to try again.
//
// A screen waits with a state of its own rather than by suspending: React holds back what a suspended
// placeholder stood for until a throttle after the placeholder appeared, so every page opened straight
// on a screen waited that long. The screen is then drawn at transition priority, in slices that let
// the browser paint and answer a tap between them.
import { Component, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { onDemand } from '#client/lib/on-demand.ts';
import { PageLoadFailed } from '#client/components/ui/load-failed.tsx';

class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PageLoadFailed
        title="This page could not be loaded"
        message="Check your connection, then try again."
        onRetry={() => window.location.reload()}
      />
    );
  }
}

/**
 * What stands in for a screen until its code is here: nothing to see, marked busy. The page around it is
 * a screen tall already (the site layout), so the footer stays below the fold as the screen arrives.
 */
const ScreenPlaceholder = () => <div aria-busy="true" />;

export function LazyRoute({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary>
      <Suspense fallback={<ScreenPlaceholder />}>{children}</Suspense>
    </LoadBoundary>
  );
}

export interface LazyScreen {
  (): React.JSX.Element;
  /** Starts loading the code (once; again after a failure) and answers when it is here. */
  preload(): Promise<unknown>;
}

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined;
  const preload = onDemand(() => load().then((module) => (loaded = module.default)));

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
