// The administrator's menu drawer: links to every screen and Sign Out, which ends the session on the server,
// clears the flag and the cached data, and returns to the home page. Loaded by AdminMenu when wanted.
import type { RefObject } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogOut, X } from 'lucide-react';
import { useLocation } from 'wouter';
import { routes } from '#shared/routes.ts';
import { useAdminSignOut } from '#client/features/admin-access/api/use-admin-access.ts';
import { DrawerLink } from '#client/components/ui/drawer-link.tsx';

const links = [
  { label: 'Administrator Dashboard', href: routes.adminDashboard },
  { label: 'Report Management', href: '/volunteer-dashboard' },
  { label: 'Report Graffiti', href: routes.home },
  { label: 'About', href: routes.about },
  { label: 'Find Graffiti Near Me', href: '/volunteers' },
];

export interface AdminMenuDrawerProps {
  open: boolean;
  setOpen(open: boolean): void;
  returnFocusTo: RefObject<HTMLElement | null>;
  id: string;
}

export default function AdminMenuDrawer({ open, setOpen, returnFocusTo, id }: AdminMenuDrawerProps) {
  const [location, navigate] = useLocation();
  const signOut = useAdminSignOut();

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="drawer-overlay fixed inset-0 z-40 bg-civic-900/60" />
        <DialogPrimitive.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="drawer fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-4 overflow-y-auto bg-stone-light p-4 shadow-2xl outline-none"
        >
          <div className="flex items-center justify-between gap-2">
            <DialogPrimitive.Title className="px-4 text-xl font-bold text-civic-900">Admin menu</DialogPrimitive.Title>
            <DialogPrimitive.Close className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 font-semibold text-civic-900 hover:bg-civic-50">
              <X aria-hidden="true" className="h-5 w-5" />
              Close<span className="sr-only"> menu</span>
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Administrator" className="grid gap-2">
            <ul className="grid gap-1">
              {links.map((link) => {
                const current = location === link.href;
                return (
                  <li key={link.href}>
                    <DrawerLink href={link.href} current={current} onNavigate={() => setOpen(false)}>
                      {link.label}
                    </DrawerLink>
                  </li>
                );
              })}
            </ul>
            <hr className="mx-4 border-t-2 border-stone-300" />
            <button
              type="button"
              disabled={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, {
                  onSettled: () => {
                    setOpen(false);
                    navigate(routes.home);
                  },
                })
              }
              className="flex min-h-12 items-center gap-3 rounded-xl px-4 py-3 text-left text-lg font-semibold text-red-800 hover:bg-red-50"
            >
              <LogOut aria-hidden="true" className="h-5 w-5" />
              {signOut.isPending ? 'Signing Out...' : 'Sign Out'}
            </button>
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
