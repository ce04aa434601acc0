// A modal dialog on Radix: focus trapped inside, and on closing handed back to the control that
// opened it (these dialogs open from state, not from a Radix trigger, so Radix alone would drop focus
// on the page body). Escape and the Close button dismiss it, the title names it for screen readers.
// Wide dialogs (lists, forms) grow on desktop and scroll inside.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { rememberFocus, restoreFocus, type FocusOrigin } from './focus-return.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** One line under the title, read out with it. */
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Role of the content: an alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Escape pressed inside; `event.preventDefault()` keeps the dialog open (to end an inline edit first). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}

const widths = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const;

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  role = 'dialog',
  onEscapeKeyDown,
}: DialogProps) {
  const opener = useRef<FocusOrigin | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="drawer-overlay fixed inset-0 z-40 bg-civic-900/60" />
        <DialogPrimitive.Content
          role={role}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = rememberFocus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus(opener.current);
            opener.current = null;
          }}
          onEscapeKeyDown={onEscapeKeyDown}
          className={`fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl outline-none`}
        >
          <div className="flex items-start justify-between gap-3 border-b border-stone-200 px-5 py-4">
            <div className="grid gap-1">
              <DialogPrimitive.Title className="text-xl font-bold text-civic-900">{title}</DialogPrimitive.Title>
              {description && (
                <DialogPrimitive.Description className="text-sm text-slate-700">
                  {description}
                </DialogPrimitive.Description>
              )}
            </div>
            <DialogPrimitive.Close className="-mr-2 -mt-1 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-xl text-slate-700 hover:bg-stone-100">
              <X aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only">Close</span>
            </DialogPrimitive.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A labelled form field: the label above, an optional hint and error below, wired by id. */
export function Field({
  id,
  label,
  hint,
  children,
  optional,
}: {
  id: string;
  label: string;
  hint?: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'min-h-11 w-full rounded-xl border-2 border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-civic-800 aria-[invalid=true]:border-red-700';

export interface DialogActionsProps {
  onCancel(): void;
  /** The action's label, and the label while it runs ('Create Report', 'Creating Report...'). */
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** A form's submit button, or a button that runs `onConfirm`; `danger` for deletions. */
  onConfirm?: () => void;
  danger?: boolean;
}

/** The row at the foot of a dialog: Cancel, then the dialog's one action. */
export function DialogActions({
  onCancel,
  label,
  pendingLabel,
  pending,
  onConfirm,
  danger = false,
}: DialogActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={danger ? 'danger' : 'secondary'}
        onClick={onConfirm}
        disabled={pending}
      >
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
