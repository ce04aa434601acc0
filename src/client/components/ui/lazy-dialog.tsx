// A dialog component whose code loads when the dialog first opens: before that it renders nothing, so
// the screen that holds it does not load its form (or the modal) before it shows. Once opened it stays
// mounted, as the dialog itself would. Should its code fail to load (offline, never cached), the dialog
// does not open and the screen stays as it was.
import { lazy, Suspense, useState, type ComponentType } from 'react';

/** `isOpen` says when it first shows: by default when its `open` prop says so, or at once without one. */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open ?? true,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
