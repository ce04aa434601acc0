// A screen loaded on demand: a quiet placeholder while its code (or code it loads itself) arrives, and
// if the code cannot be fetched (offline before it was ever cached), a plain message with a way to try
// again.
import { Component, Suspense, type ReactNode } from 'react';
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
export const ScreenPlaceholder = () => <div aria-busy="true" />;

export function LazyRoute({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary>
      <Suspense fallback={<ScreenPlaceholder />}>{children}</Suspense>
    </LoadBoundary>
  );
}
