// The slide-in navigation menu: Report Graffiti, About, Find Graffiti Near Me, a divider, then Volunteer
// Dashboard. Loaded on demand (Radix Dialog stays out of the first bundle), so the button that opens it
// lives in site-menu.tsx and gets the focus back when it closes.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { useLocation } from 'wouter';
import { routes } from '#shared/routes.ts';
import { DrawerLink } from '#client/components/ui/drawer-link.tsx';

interface NavItem {
  label: string;
  href: string;
  /** Every path that shows the same screen, so the item is marked current on an alias too. */
  paths: readonly string[];
}

const mainItems: NavItem[] = [
  { label: 'Report Graffiti', href: routes.home, paths: [routes.home] },
  { label: 'About', href: routes.about, paths: [routes.about] },
  { label: 'Find Graffiti Near Me', href: '/volunteers', paths: routes.find },
];
const volunteerItems: NavItem[] = [
  { label: 'Volunteer Dashboard', href: '/volunteer-dashboard', paths: routes.volunteerDashboard },
];

export interface NavDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The menu button, focused again when the drawer closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
  id: string;
}

export default function NavDrawer({ open, onOpenChange, returnFocusTo, id }: NavDrawerProps) {
  const [location] = useLocation();
  const current = location.replace(/\/+$/, '') || '/';

  const item = (entry: NavItem) => {
    const isCurrent = entry.paths.includes(current);
    return (
      <li key={entry.href}>
        <DrawerLink href={entry.href} current={isCurrent} onNavigate={() => onOpenChange(false)}>
          {entry.label}
        </DrawerLink>
      </li>
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-40 bg-civic-900/60" />
        <Dialog.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="drawer fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-4 overflow-y-auto bg-stone-light p-4 shadow-2xl outline-none"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="px-4 text-xl font-bold text-civic-900">Menu</Dialog.Title>
            <Dialog.Close className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 font-semibold text-civic-900 hover:bg-civic-50">
              <X aria-hidden="true" className="h-5 w-5" />
              Close<span className="sr-only"> menu</span>
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="grid gap-2">
            <ul className="grid gap-1">{mainItems.map(item)}</ul>
            <hr className="mx-4 border-t-2 border-stone-300" />
            <ul className="grid gap-1">{volunteerItems.map(item)}</ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
