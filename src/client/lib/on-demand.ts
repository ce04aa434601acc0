// Code loaded on demand (a screen, a dialog, a drawer, the toasts, photo preparation): asked for once,
// shared by every caller, and asked for afresh after a failure (offline before it was ever cached), so
// the next sign of need fetches it again.
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
