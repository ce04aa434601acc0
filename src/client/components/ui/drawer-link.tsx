import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';

/** One link of a slide-in menu: a large target, the current page marked for sight and for screen readers. */
export function DrawerLink({
  href,
  current,
  onNavigate,
  children,
}: {
  href: string;
  current: boolean;
  onNavigate(): void;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
      className={`flex min-h-12 items-center justify-between gap-3 rounded-xl px-4 py-3 text-lg font-semibold ${
        current ? 'bg-civic-100 text-civic-900' : 'text-slate-900 hover:bg-civic-50'
      }`}
    >
      {children}
      <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-civic-700" />
    </Link>
  );
}
