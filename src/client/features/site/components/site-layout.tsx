// The frame every page shares: a skip link, the header with the site name, the page, the footer.
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-stone-light text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-civic-900"
      >
        Skip to content
      </a>
      <header className="bg-civic-900 text-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-5 py-3">
          <Link href="/" className="flex min-h-11 items-center gap-2 text-lg font-bold">
            <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
            Clean Up Edinburgh
          </Link>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-stone-300 bg-white">
        <div className="mx-auto max-w-5xl px-5 py-6 text-sm text-slate-700">
          Clean Up Edinburgh: volunteers keeping the city's streets free of graffiti.
        </div>
      </footer>
    </div>
  );
}
