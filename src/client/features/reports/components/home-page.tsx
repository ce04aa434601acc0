// Route '/': the hero with the report and install buttons, the report form anchored at #report, and
// the share row, then the way to the MUCU events.
import { useEffect } from 'react';
import { ArrowDown, CalendarHeart } from 'lucide-react';
import { Link } from 'wouter';
import { routes } from '#shared/routes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { InstallButton } from '#client/features/site/components/install-button.tsx';
import { ShareRow } from '#client/features/site/components/share-row.tsx';
import { MyReports } from '#client/features/reports/follow-up/components/my-reports.tsx';
import { ReportForm } from './report-form.tsx';

export function HomePage() {
  useDocumentTitle('Report Graffiti | Clean Up Edinburgh');
  // Opening /#report (a shared link, the app's shortcut) lands on the form, as the button does.
  useEffect(() => {
    if (window.location.hash === '#report') scrollToForm();
  }, []);

  function scrollToForm() {
    const section = document.getElementById('report');
    if (!section) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    // Move focus too, so keyboard and screen-reader users arrive where sighted users look.
    section.focus({ preventScroll: true });
  }

  return (
    <>
      <section className="bg-civic-800 text-white" aria-labelledby="hero-title">
        <div className="mx-auto grid max-w-5xl gap-6 px-5 py-14 sm:py-20">
          <h1 id="hero-title" className="text-4xl font-bold leading-tight sm:text-5xl">
            Clean Up Edinburgh
          </h1>
          <p className="max-w-2xl text-lg text-civic-100 sm:text-xl">
            Help restore the historic beauty of our city. Spotted graffiti? Snap a photo, add its three-word location,
            and our volunteers will clean it up.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={scrollToForm} className="min-h-14 px-7 text-lg">
              Report Graffiti <ArrowDown aria-hidden="true" className="h-5 w-5" />
            </Button>
            <InstallButton variant="inverse" className="min-h-14 px-6 text-lg" />
          </div>
        </div>
      </section>

      {/* Phones: the form, then the share row. Desktops: the share row beside the form. */}
      <div className="mx-auto max-w-5xl lg:grid lg:grid-cols-[minmax(0,36rem)_minmax(0,20rem)] lg:justify-between lg:gap-10 lg:px-5 lg:py-10">
        <section id="report" tabIndex={-1} aria-labelledby="report-title" className="scroll-mt-4 outline-none">
          <div className="mx-auto grid max-w-xl gap-6 px-5 py-10 lg:p-0">
            <div className="grid gap-2">
              <h2 id="report-title" className="text-2xl font-bold text-slate-900">
                Report graffiti
              </h2>
              <p className="text-slate-700">It takes a minute. No account needed.</p>
            </div>
            <ReportForm />
          </div>
        </section>

        <section
          aria-labelledby="share-title"
          className="border-t border-stone-warm bg-stone-warm/40 lg:self-start lg:rounded-2xl lg:border"
        >
          <div className="mx-auto grid max-w-xl gap-4 px-5 py-10 lg:p-6">
            <div className="grid gap-2">
              <h2 id="share-title" className="text-2xl font-bold text-slate-900">
                Spread the word
              </h2>
              <p className="text-slate-700">The more people report, the faster Edinburgh's walls come clean.</p>
            </div>
            <ShareRow />
          </div>
        </section>
      </div>

      <MyReports />

      <section aria-labelledby="mucu-title" className="border-t border-stone-warm">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-5 py-10">
          <div className="grid max-w-2xl gap-2">
            <h2 id="mucu-title" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
              <CalendarHeart aria-hidden="true" className="h-6 w-6 text-accent-700" />
              Meet Up Clean Up
            </h2>
            <p className="text-slate-700">
              Join other volunteers at a MUCU event: we meet at a site and clean it together. Kit provided.
            </p>
          </div>
          <Link
            href={routes.events}
            className="inline-flex min-h-11 items-center rounded-xl border-2 border-civic-800 bg-white px-5 py-2.5 font-semibold text-civic-800 hover:bg-civic-50"
          >
            See MUCU events
          </Link>
        </div>
      </section>
    </>
  );
}
