// The state of a menu button whose drawer is loaded on demand: on the first sign of wanting it
// (pointer over the button, focus, a press) or once the screen is shown and the browser idle, so a
// screen's first load carries no dialog code. A failed load (offline, not cached yet) is tried again
// on the next sign; the drawer then simply does not open.
import { useCallback, useEffect, useId, useRef, useState, type ComponentType, type RefObject } from 'react';
import { whenIdle } from '#client/lib/when-idle.ts';

export interface DrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The menu button, focused again when the drawer closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
  id: string;
}

export function useLazyDrawer(load: () => Promise<ComponentType<DrawerProps>>) {
  const [open, setOpen] = useState(false);
  const [Drawer, setDrawer] = useState<ComponentType<DrawerProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const drawerId = useId();

  const ensureDrawer = useCallback(() => {
    load().then(
      (component) => setDrawer(() => component),
      () => setOpen(false),
    );
  }, [load]);

  useEffect(() => whenIdle(ensureDrawer), [ensureDrawer]);

  /** The menu button's ARIA and handlers. */
  const buttonProps = {
    ref: button,
    type: 'button' as const,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    'aria-controls': open && Drawer ? drawerId : undefined,
    onPointerEnter: ensureDrawer,
    onFocus: ensureDrawer,
    onClick: () => {
      ensureDrawer();
      setOpen(true);
    },
  };
  const drawer = Drawer && <Drawer open={open} onOpenChange={setOpen} returnFocusTo={button} id={drawerId} />;
  return { buttonProps, drawer };
}
