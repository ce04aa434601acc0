// The administrator's menu button. The drawer behind it (links to every screen and Sign Out) is loaded
// on demand (useLazyDrawer), so the dashboard's first load carries no dialog code.
import { Menu } from 'lucide-react';
import { useLazyDrawer } from '#client/components/ui/lazy-drawer.tsx';
import { onDemand } from '#client/lib/on-demand.ts';

const loadDrawer = onDemand(() => import('./admin-menu-drawer.tsx').then((module) => module.default));

export function AdminMenu() {
  const { buttonProps, drawer } = useLazyDrawer(loadDrawer);
  return (
    <>
      <button
        {...buttonProps}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl border-2 border-civic-800 bg-white font-semibold text-civic-800 hover:bg-civic-50 sm:px-4"
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
        {/* On a phone the icon alone, beside the page's title; its name is the same. */}
        <span className="max-sm:sr-only">Admin menu</span>
      </button>
      {drawer}
    </>
  );
}
