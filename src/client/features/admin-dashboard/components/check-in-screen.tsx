// Route '/volunteer-portal/events/:id/check-in': the organiser's check-in screen, opened on a phone at
// the event. A QR code of the check-in link and the short code, both changing every minute (the screen
// asks for the new one as the minute turns), and how many have checked in. Phones scan the QR code with
// their own camera app: it is a link.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import QRCode from 'qrcode';
import { checkInMessages as m } from '#shared/domain/check-in.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import { routes } from '#shared/routes.ts';
import { checkInApi } from '#client/lib/calls/check-in.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { PageSpinner } from '#client/components/ui/page-spinner.tsx';
import { AdminGuard } from './admin-guard.tsx';
import { AdminPageHeader } from './admin-page-header.tsx';
import { CallError } from '#client/components/ui/load-failed.tsx';

export default function CheckInScreenPage() {
  return (
    <AdminGuard>
      <CheckInScreen />
    </AdminGuard>
  );
}

function useQrCode(link: string | null): string | null {
  const [image, setImage] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    if (!link) return;
    let current = true;
    QRCode.toDataURL(link, { margin: 2, width: 640, errorCorrectionLevel: 'M' })
      .then((url) => current && setImage({ link, url }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [link]);
  return image && image.link === link ? image.url : null;
}

function CheckInScreen() {
  const id = Number(useParams<{ id: string }>().id);
  const screen = useQuery({
    queryKey: [checkInApi.show.url({ params: { id } })],
    queryFn: () => checkInApi.show({ params: { id } }),
    // Asked for again just after the code changes, and every 15 s for the count.
    refetchInterval: (query) => {
      const changesAt = query.state.data ? Date.parse(query.state.data.changesAt) : Number.NaN;
      const untilChange = Number.isNaN(changesAt) ? 15_000 : changesAt - Date.now() + 500;
      return Math.max(1_000, Math.min(15_000, untilChange));
    },
  });
  const data = screen.data;
  const qr = useQrCode(data?.link ?? null);
  useDocumentTitle(`${data ? m.adminTitle(data.eventName) : m.title} | Clean Up Edinburgh`);

  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-5 py-5 sm:py-8">
      <AdminPageHeader title={data ? m.adminTitle(data.eventName) : m.title} />
      <p>
        <Link
          href={routes.adminDashboard}
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-civic-800 underline underline-offset-4"
        >
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          Administrator Dashboard
        </Link>
      </p>
      {screen.isPending && <PageSpinner label="Loading check-in..." />}
      {screen.isError && !data && <CallError error={screen.error} />}
      {data && !data.open && (
        <section aria-label="Check-in closed" className="grid gap-2 rounded-2xl border-2 border-stone-300 bg-white p-5">
          <p className="font-semibold text-slate-900">{m.closedForAdmin}</p>
          <p className="text-slate-800">
            Opens {formatDateTime(data.opensAt)}; closes {formatDateTime(data.closesAt)}.
          </p>
        </section>
      )}
      {data?.open && data.code && (
        <section
          aria-label="Check-in code"
          className="grid justify-items-center gap-4 rounded-2xl border-2 border-civic-800 bg-white p-4 text-center sm:p-6"
        >
          {qr ? (
            <img
              src={qr}
              alt={`QR code of the check-in link for ${data.eventName}`}
              width={320}
              height={320}
              className="h-auto w-full max-w-80"
            />
          ) : (
            <div aria-hidden="true" className="aspect-square w-full max-w-80 bg-stone-100" />
          )}
          <p className="grid gap-1">
            <span className="text-sm font-semibold text-slate-700">Code</span>
            <span className="font-mono text-5xl font-bold tracking-[0.2em] text-civic-900" aria-live="polite">
              {data.code}
            </span>
          </p>
          <p className="text-slate-800">
            {m.adminHint} <span className="font-semibold break-all">{data.typeAt.replace(/^https?:\/\//, '')}</span>
          </p>
          <p className="text-sm text-slate-700">The code changes every minute.</p>
        </section>
      )}
      {data && (
        <p role="status" className="text-lg font-semibold text-slate-900">
          {data.checkedIn === 1 ? '1 volunteer attending' : `${data.checkedIn} volunteers attending`}
        </p>
      )}
    </div>
  );
}
