// The toast area, loaded with the first toast (or once the page is idle): Radix Toast is not needed
// to show the page, and its F8 hotkey only matters while a toast exists. A load that fails (the signal
// went before the code came) is tried again with each new toast and when the connection returns, so
// a toast raised offline is still seen once the code can be fetched.
import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '#client/lib/when-idle.ts';
import { useToasts } from '#client/lib/use-toast.ts';
import { onDemand } from '#client/lib/on-demand.ts';

// Offline and not cached yet: the next try fetches it again.
const loadToaster = onDemand(() => import('./toaster.tsx').then((module): ComponentType => module.Toaster));

export function LazyToaster() {
  // Toasts are kept newest first.
  const newest = useToasts()[0]?.id;
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const [backOnline, setBackOnline] = useState(0);

  useEffect(() => {
    if (Toaster) return;
    const again = () => setBackOnline((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [Toaster]);

  useEffect(() => {
    if (Toaster) return;
    let cancelled = false;
    const load = () =>
      loadToaster().then(
        (component) => {
          if (!cancelled) setToaster(() => component);
        },
        () => undefined,
      );
    if (newest !== undefined) {
      void load();
      return () => {
        cancelled = true;
      };
    }
    const cancelIdle = whenIdle(() => void load());
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [newest, Toaster, backOnline]);

  return Toaster ? <Toaster /> : null;
}
