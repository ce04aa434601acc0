// The header's menu button. The drawer behind it is loaded once the page is idle (or on the first
// press, whichever comes first), so the first bundle carries no dialog code.
import { useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Menu } from 'lucide-react';
import { whenIdle } from '#client/lib/when-idle.ts';
import type { NavDrawerProps } from './nav-drawer.tsx';

type DrawerComponent = ComponentType<NavDrawerProps>;

let drawerModule: Promise<DrawerComponent> | undefined;

/** Loads the drawer once; a failed load (offline, not cached yet) is tried again on the next call. */
function loadNavDrawer(): Promise<DrawerComponent> {
  drawerModule ??= import('./nav-drawer.tsx').then(
    (module) => module.default,
    (error: unknown) => {
      drawerModule = undefined;
      throw error;
    },
  );
  return drawerModule;
}

export function SiteMenu() {
  const [open, setOpen] = useState(false);
  const [Drawer, setDrawer] = useState<DrawerComponent | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const drawerId = useId();

  const ensureDrawer = useCallback(() => {
    loadNavDrawer().then(
      (component) => setDrawer(() => component),
      () => setOpen(false),
    );
  }, []);

  useEffect(() => whenIdle(ensureDrawer), [ensureDrawer]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open && Drawer ? drawerId : undefined}
        onPointerEnter={ensureDrawer}
        onFocus={ensureDrawer}
        onClick={() => {
          ensureDrawer();
          setOpen(true);
        }}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-3 font-semibold text-white hover:bg-white/10"
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
        <span>
          <span className="sr-only">Open </span>Menu
        </span>
      </button>
      {Drawer && <Drawer open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} id={drawerId} />}
    </>
  );
}
