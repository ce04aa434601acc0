// The frame every page shares: a skip link, the header with the site name and the menu, the page,
// the footer. The page is at least a screen tall, so the footer starts below the fold whatever state
// a screen is in: a screen whose content grows as its data arrives never pushes a footer in view down.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { routes } from '#shared/routes.ts';
import { siteSettings } from '../site-settings.ts';
import { SiteMenu } from './site-menu.tsx';

const footerLinkClass = 'inline-flex min-h-11 items-center font-semibold text-civic-800 underline underline-offset-4';

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="bg-stone-light text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-civic-900"
      >
        Skip to content
      </a>
      <header className="bg-civic-900 text-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-5 py-3">
          <Link href={routes.home} className="flex min-h-11 items-center gap-2 text-base font-bold sm:text-lg">
            <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8 shrink-0" />
            Clean Up Edinburgh
          </Link>
          <SiteMenu />
        </div>
      </header>
      <main id="main" className="min-h-dvh">
        {children}
      </main>
      <footer className="border-t border-stone-300 bg-white">
        <div className="mx-auto grid max-w-5xl gap-2 px-5 py-6 text-sm text-slate-700 sm:flex sm:items-center sm:justify-between">
          <p>Clean Up Edinburgh: volunteers keeping the city's streets free of graffiti.</p>
          <p className="flex flex-wrap gap-x-4">
            <Link href={routes.about} className={footerLinkClass}>
              About
            </Link>
            <Link href={routes.privacy} className={footerLinkClass}>
              Privacy
            </Link>
            <a href={`mailto:${siteSettings.contactEmail}`} className={footerLinkClass}>
              Contact us
            </a>
          </p>
        </div>
      </footer>
    </div>
  );
}
