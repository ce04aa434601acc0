// The confirmation before a volunteer deletes their account: what goes, what stays, and that it cannot
// be undone.
import { Dialog, DialogActions } from '#client/components/ui/dialog.tsx';

export function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  email: string;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title="Delete your account?"
      description="This cannot be undone."
      size="sm"
    >
      <div className="grid gap-4 text-slate-800">
        <div className="grid gap-2">
          <p className="font-semibold">We will erase:</p>
          <ul className="grid list-disc gap-1 pl-6">
            <li>
              your account: your name and e-mail address (<span className="break-words">{email}</span>)
            </li>
            <li>your sign-ins, on every device</li>
            <li>your alert choices and the devices that receive alerts</li>
            <li>your achievements, and the notes on your clean-ups and MUCU attendance</li>
          </ul>
        </div>
        <p>
          Your clean-ups, their photos and your MUCU attendance stay in the city's totals, with nothing linking them to
          you.
        </p>
        <p className="font-semibold text-red-900">
          Once deleted, your account cannot be brought back. To keep a copy, download your data first.
        </p>
        <DialogActions
          onCancel={onCancel}
          onConfirm={onConfirm}
          danger
          label="Delete my account"
          pendingLabel="Deleting..."
          pending={pending}
        />
      </div>
    </Dialog>
  );
}
