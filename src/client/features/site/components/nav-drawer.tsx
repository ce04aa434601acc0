// The slide-in navigation menu: Report Graffiti, About, Find Graffiti Near Me, a divider, then Volunteer
// Dashboard. Loaded on demand (Radix Dialog stays out of the first bundle), so the button that opens it
// lives in site-menu.tsx and gets the focus back when it closes.
import { useLocation } from 'wouter';
import { pagePaths, routes } from '#shared/routes.ts';
import { DrawerLink } from '#client/components/ui/drawer-link.tsx';
import type { DrawerProps } from '#client/components/ui/lazy-drawer.tsx';
import { SideDrawer } from '#client/components/ui/side-drawer.tsx';

interface NavItem {
  label: string;
  href: string;
  /** Every path that shows the same screen, so the item is marked current on an alias too. */
  paths: readonly string[];
}

const mainItems: NavItem[] = [
  { label: 'Report Graffiti', href: routes.home, paths: [routes.home] },
  { label: 'About', href: routes.about, paths: [routes.about] },
  { label: 'Find Graffiti Near Me', href: pagePaths.find, paths: routes.find },
  { label: 'Graffiti Map', href: routes.map, paths: [routes.map] },
];
const volunteerItems: NavItem[] = [
  { label: 'Volunteer Dashboard', href: pagePaths.management, paths: routes.volunteerDashboard },
];

export default function NavDrawer(drawer: DrawerProps) {
  const { onOpenChange } = drawer;
  const [location] = useLocation();
  const current = location.replace(/\/+$/, '') || '/';

  const item = (entry: NavItem) => (
    <li key={entry.href}>
      <DrawerLink href={entry.href} current={entry.paths.includes(current)} onNavigate={() => onOpenChange(false)}>
        {entry.label}
      </DrawerLink>
    </li>
  );

  return (
    <SideDrawer {...drawer} title="Menu">
      <nav aria-label="Main" className="grid gap-2">
        <ul className="grid gap-1">{mainItems.map(item)}</ul>
        <hr className="mx-4 border-t-2 border-stone-300" />
        <ul className="grid gap-1">{volunteerItems.map(item)}</ul>
      </nav>
    </SideDrawer>
  );
}
