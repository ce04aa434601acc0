// The administrator's menu button. The drawer behind it (links to every screen and Sign Out) is loaded
// on the first sign of wanting it (pointer over the button, focus, a press) or once the screen is shown
// and the browser idle, so the dashboard's first load carries no dialog code.
import { useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Menu } from 'lucide-react';
import { whenIdle } from '#client/lib/when-idle.ts';
import type { AdminMenuDrawerProps } from './admin-menu-drawer.tsx';

type DrawerComponent = ComponentType<AdminMenuDrawerProps>;

let drawerModule: Promise<DrawerComponent> | undefined;

/** Loads the drawer once; a failed load (offline, not cached yet) is tried again on the next call. */
function loadDrawer(): Promise<DrawerComponent> {
  drawerModule ??= import('./admin-menu-drawer.tsx').then(
    (module) => module.default,
    (error: unknown) => {
      drawerModule = undefined;
      throw error;
    },
  );
  return drawerModule;
}

export function AdminMenu() {
  const [open, setOpen] = useState(false);
  const [Drawer, setDrawer] = useState<DrawerComponent | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const drawerId = useId();

  const ensureDrawer = useCallback(() => {
    loadDrawer().then(
      (component) => setDrawer(() => component),
      () => setOpen(false),
    );
  }, []);

  useEffect(() => whenIdle(ensureDrawer), [ensureDrawer]);

  return (
    <>
      <button
        ref={button}
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
        className="inline-flex min-h-11 items-center gap-2 rounded-xl border-2 border-civic-800 bg-white px-4 font-semibold text-civic-800 hover:bg-civic-50"
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
        Admin menu
      </button>
      {Drawer && <Drawer open={open} setOpen={setOpen} returnFocusTo={button} id={drawerId} />}
    </>
  );
}
