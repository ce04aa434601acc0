import type { ReactNode } from 'react';
import { AdminMenu } from './admin-menu.tsx';

/** The title row of an administrator screen: the heading, its actions, and the admin menu. */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-3xl font-bold text-civic-900">{title}</h1>
      {/* Kept to the right edge, under the site menu, even when it wraps below a long title. */}
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto sm:justify-end">
        {children}
        <AdminMenu />
      </div>
    </div>
  );
}
