// On an administrator's report card: the owner's consent a report on private property needs ('Needs
// the owner's consent' until it is recorded, then 'Owner's consent recorded'), and the button that
// opens the consent's form, whose code loads when it is first opened.
import { useState } from 'react';
import type { ReportPageItem } from '#shared/contracts/reports.ts';
import { lazyDialog } from '#client/components/ui/lazy-dialog.tsx';

const OwnerConsentDialog = lazyDialog(() => import('./owner-consent-dialog.tsx').then((m) => m.OwnerConsentDialog));

const mark = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold';

export function OwnerConsent({ report }: { report: Pick<ReportPageItem, 'id' | 'what3words' | 'ownerConsent'> }) {
  const [open, setOpen] = useState(false);
  const consent = report.ownerConsent;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {consent &&
        (consent.givenAt === null ? (
          <span className={`${mark} border-amber-800 bg-amber-50 text-amber-950`}>Needs the owner's consent</span>
        ) : (
          <span className={`${mark} border-emerald-800 bg-emerald-50 text-emerald-950`}>Owner's consent recorded</span>
        ))}
      <button
        type="button"
        className="inline-flex min-h-11 items-center rounded-xl border-2 border-civic-800 bg-white px-2.5 text-sm font-semibold text-civic-800 hover:bg-civic-50"
        onClick={() => setOpen(true)}
      >
        {consent?.givenAt === null ? 'Record consent' : "Owner's consent"}
        <span className="sr-only"> for the report at {report.what3words}</span>
      </button>
      <OwnerConsentDialog open={open} onOpenChange={setOpen} report={report} />
    </div>
  );
}
