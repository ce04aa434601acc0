// The header's menu button. The drawer behind it is loaded on demand (useLazyDrawer), so the first
// bundle carries no dialog code.
import { Menu } from 'lucide-react';
import { useLazyDrawer } from '#client/components/ui/lazy-drawer.tsx';
import { onDemand } from '#client/lib/on-demand.ts';

const loadNavDrawer = onDemand(() => import('./nav-drawer.tsx').then((module) => module.default));

export function SiteMenu() {
  const { buttonProps, drawer } = useLazyDrawer(loadNavDrawer);
  return (
    <>
      <button
        {...buttonProps}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-3 font-semibold text-white hover:bg-white/10"
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
        <span>
          <span className="sr-only">Open </span>Menu
        </span>
      </button>
      {drawer}
    </>
  );
}
