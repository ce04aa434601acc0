// The administrator's menu drawer: links to every screen and Sign Out, which ends the session on the server,
// clears the flag and the cached data, and returns to the home page. Loaded by AdminMenu when wanted.
import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { pagePaths, routes } from '#shared/routes.ts';
import { useAdminSignOut } from '#client/features/admin-access/api/use-admin-access.ts';
import { DrawerLink } from '#client/components/ui/drawer-link.tsx';
import type { DrawerProps } from '#client/components/ui/lazy-drawer.tsx';
import { SideDrawer } from '#client/components/ui/side-drawer.tsx';

const links = [
  { label: 'Administrator Dashboard', href: routes.adminDashboard },
  { label: 'Report Management', href: pagePaths.management },
  { label: 'Report Graffiti', href: routes.home },
  { label: 'About', href: routes.about },
  { label: 'Find Graffiti Near Me', href: pagePaths.find },
];

export default function AdminMenuDrawer({ onOpenChange: setOpen, ...drawer }: DrawerProps) {
  const [location, navigate] = useLocation();
  const signOut = useAdminSignOut();

  return (
    <SideDrawer {...drawer} onOpenChange={setOpen} title="Admin menu">
      <nav aria-label="Administrator" className="grid gap-2">
        <ul className="grid gap-1">
          {links.map((link) => (
            <li key={link.href}>
              <DrawerLink href={link.href} current={location === link.href} onNavigate={() => setOpen(false)}>
                {link.label}
              </DrawerLink>
            </li>
          ))}
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
    </SideDrawer>
  );
}
