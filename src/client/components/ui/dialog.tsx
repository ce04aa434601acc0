// Dialogs for every screen: the modal itself (Radix, with its focus trap and scroll lock) is loaded
// when a dialog first opens, so a screen that only might open one does not load it before it shows.
// Also the pieces dialogs share with forms outside them: a labelled field, the input style, and the
// row of actions at a dialog's foot.
import type { ReactNode } from 'react';
import { lazyDialog } from './lazy-dialog.tsx';
import { Button } from './button.tsx';

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
  /**
   * Where the focus goes once it has closed, when not back to the control that opened it (a choice
   * made in the dialog that leads elsewhere); none or null: back to that control.
   */
  focusAfterClose?: () => HTMLElement | null | undefined;
}

/**
 * A modal dialog. Nothing is rendered (or loaded) before it first opens; from then on it stays mounted,
 * so closing hands focus back as Radix does. Should its code fail to load (offline, never cached), the
 * dialog does not open: the page stays as it was.
 */
export const Dialog = lazyDialog(
  () => import('./modal-dialog.tsx').then((m) => m.default),
  (props: DialogProps) => props.open,
);

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

interface DialogActionsProps {
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
