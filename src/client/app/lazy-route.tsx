// A screen loaded on demand: a quiet placeholder while its code arrives, and if the code cannot be
// fetched (offline before it was ever cached), a plain message with a way to try again.
import { Component, Suspense, type ReactNode } from 'react';

class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto grid max-w-xl gap-4 px-5 py-16">
        <h1 className="text-2xl font-bold text-civic-900">This page could not be loaded</h1>
        <p className="text-slate-700">Check your connection, then try again.</p>
        <p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex min-h-11 items-center rounded-xl bg-civic-800 px-5 py-2.5 font-semibold text-white hover:bg-civic-900"
          >
            Try again
          </button>
        </p>
      </div>
    );
  }
}

export function LazyRoute({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary>
      <Suspense fallback={<div aria-busy="true" className="min-h-[60vh]" />}>{children}</Suspense>
    </LoadBoundary>
  );
}
