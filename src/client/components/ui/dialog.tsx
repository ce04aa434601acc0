// Dialogs for every screen: the modal itself (Radix, with its focus trap and scroll lock) is loaded
// when a dialog first opens, so a screen that only might open one does not load it before it shows.
// Also the row of actions at a dialog's foot. A form's field and input style are in field.tsx.
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
export const Dialog = lazyDialog(() => import('./modal-dialog.tsx').then((m) => m.default));

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
