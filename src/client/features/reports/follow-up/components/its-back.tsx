// 'It's back' on a cleaned site (its status page, and its details on the public map): anyone may say it
// has been tagged again. The form, and the photo preparation it uses, load only when it is opened. On
// the status page the reporter may arrive from the 'cleaned' e-mail's 'Is it clean now?': 'No' opens
// the form at once, 'Yes' thanks them.
import { lazy, Suspense, useId, useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { siteMessages as m } from '#shared/domain/site-messages.ts';
import { Button } from '#client/components/ui/button.tsx';

const ItsBackForm = lazy(() => import('./its-back-form.tsx').then((module) => ({ default: module.ItsBackForm })));

/** The reporter's answer to 'Is it clean now?', carried by the e-mail's link. */
function emailAnswer(): 'yes' | 'no' | null {
  const answer = new URLSearchParams(window.location.search).get('clean');
  return answer === 'yes' || answer === 'no' ? answer : null;
}

export function ItsBack({
  reportId,
  what3words,
  askedByEmail = false,
}: {
  reportId: number;
  what3words: string;
  /** On the status page: the e-mail's answer, if the reporter came from it. */
  askedByEmail?: boolean;
}) {
  const [answer] = useState(() => (askedByEmail ? emailAnswer() : null));
  const [open, setOpen] = useState(answer === 'no');
  const titleId = useId();
  const formId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-2xl border-2 border-amber-700 bg-amber-50 p-4 text-amber-950"
    >
      {answer === 'yes' && (
        <p role="status" className="rounded-xl border-2 border-green-800 bg-green-50 px-4 py-3 text-green-950">
          {m.thanksClean}
        </p>
      )}
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {answer === 'no' ? m.notCleanTitle : m.itsBackTitle}
      </h2>
      <p>{answer === 'no' ? m.notCleanHelp : m.itsBackHelp}</p>
      {open ? (
        <Suspense fallback={<p>Opening the form...</p>}>
          <ItsBackForm id={formId} reportId={reportId} what3words={what3words} focusFirst={answer !== 'no'} />
        </Suspense>
      ) : (
        <Button
          variant="secondary"
          className="justify-self-start"
          aria-expanded={false}
          aria-controls={formId}
          onClick={() => setOpen(true)}
        >
          <RotateCcw aria-hidden="true" className="h-5 w-5" />
          {m.itsBackButton}
        </Button>
      )}
    </section>
  );
}
