// The toast area, loaded with the first toast (or once the page is idle): Radix Toast is not needed
// to show the page, and its F8 hotkey only matters while a toast exists.
import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '#client/lib/when-idle.ts';
import { useToasts } from '#client/lib/use-toast.ts';

let toasterModule: Promise<ComponentType> | undefined;

function loadToaster(): Promise<ComponentType> {
  toasterModule ??= import('./toaster.tsx').then(
    (module) => module.Toaster,
    (error: unknown) => {
      toasterModule = undefined; // offline and not cached yet: the next toast tries again
      throw error;
    },
  );
  return toasterModule;
}

export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  const [Toaster, setToaster] = useState<ComponentType | null>(null);

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
    if (hasToasts) {
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
  }, [hasToasts, Toaster]);

  return Toaster ? <Toaster /> : null;
}
