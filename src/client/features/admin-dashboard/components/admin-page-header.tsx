import type { ReactNode } from 'react';
import { AdminMenu } from './admin-menu.tsx';

/**
 * The title row of an administrator screen: the heading, its actions, and the admin menu. On a phone
 * the heading wraps beside the buttons rather than pushing them onto a row of their own, so the
 * screen's content starts higher.
 */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="min-w-48 flex-1 text-2xl font-bold text-civic-900 sm:flex-none sm:text-3xl">{title}</h1>
      {/* Kept to the right edge, under the site menu, even when it wraps below a long title. */}
      <div className="ml-auto flex max-w-full flex-wrap items-center justify-end gap-2">
        {children}
        <AdminMenu />
      </div>
    </div>
  );
}
