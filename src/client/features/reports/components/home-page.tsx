// Route '/': the hero, then the report form anchored at #report (SPEC.md section 2a).
import { ArrowDown } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ReportForm } from './report-form.tsx';

export function HomePage() {
  useDocumentTitle('Report Graffiti | Clean Up Edinburgh');

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
            Help restore the historic beauty of our city. Spotted graffiti? Snap a photo, add its three-word
            location, and our volunteers will clean it up.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={scrollToForm} className="min-h-14 px-7 text-lg">
              Report Graffiti <ArrowDown aria-hidden="true" className="h-5 w-5" />
            </Button>
          </div>
        </div>
      </section>

      <section id="report" tabIndex={-1} aria-labelledby="report-title" className="scroll-mt-4 outline-none">
        <div className="mx-auto grid max-w-xl gap-6 px-5 py-10">
          <div className="grid gap-2">
            <h2 id="report-title" className="text-2xl font-bold text-slate-900">
              Report graffiti
            </h2>
            <p className="text-slate-700">It takes a minute. No account needed.</p>
          </div>
          <ReportForm />
        </div>
      </section>
    </>
  );
}
