// The volunteer dashboard's 'Your data' card: download everything kept about you (one zip), or delete
// your account after a confirmation that says what goes, what stays and that it cannot be undone.
import { useState } from 'react';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { lazyDialog } from '#client/components/ui/lazy-dialog.tsx';
import { toast } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { myDataUrl, useEraseAccount } from '../api/use-privacy.ts';
import { PrivacyLink } from '#client/components/ui/privacy-link.tsx';
import { Card } from '#client/components/ui/card.tsx';

// The confirmation's code loads when it first opens.
const DeleteAccountDialog = lazyDialog(() => import('./delete-account-dialog.tsx').then((m) => m.DeleteAccountDialog));

export function YourDataCard({ email }: { email: string }) {
  const [confirming, setConfirming] = useState(false);
  const erase = useEraseAccount();
  const [, navigate] = useLocation();

  async function onErase() {
    try {
      await erase.mutateAsync();
    } catch (error) {
      errorToast('Your account could not be deleted', error);
      return;
    }
    setConfirming(false);
    toast({ title: 'Your account has been deleted', description: 'Everything that named you has been erased.' });
    navigate('/');
  }

  return (
    <Card id="your-data" title="Your data" icon={<ShieldCheck aria-hidden="true" className="h-5 w-5 text-civic-700" />}>
      <p className="text-slate-700">
        Take a copy of everything we keep about you, or delete your account. <PrivacyLink />
      </p>
      <div className="flex flex-wrap gap-2">
        <a
          href={myDataUrl()}
          download
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border-2 border-civic-800 bg-white px-5 py-2.5 font-semibold text-civic-800 hover:bg-civic-50"
        >
          <Download aria-hidden="true" className="h-5 w-5" />
          Download my data
        </a>
        <Button variant="ghost" className="text-red-800" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="h-5 w-5" />
          Delete my account
        </Button>
      </div>
      <p className="text-sm text-slate-600">The download is a zip file with your records and the photos you took.</p>

      <DeleteAccountDialog
        open={confirming}
        onOpenChange={(open) => !erase.isPending && setConfirming(open)}
        email={email}
        pending={erase.isPending}
        onConfirm={() => void onErase()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
