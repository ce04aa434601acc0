// The modal dialog itself, on Radix: focus trapped inside, and on closing handed back to the control
// that opened it (these dialogs open from state, not from a Radix trigger, so Radix alone would drop
// focus on the page body). Escape and the Close button dismiss it, the title names it for screen
// readers. Wide dialogs (lists, forms) grow on desktop and scroll inside. Screens use it through
// `Dialog` in dialog.tsx, which loads this module when a dialog first opens.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { rememberFocus, restoreFocus, type FocusOrigin } from './focus-return.ts';
import type { DialogProps } from './dialog.tsx';

const widths = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const;

export default function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  role = 'dialog',
  onEscapeKeyDown,
  focusAfterClose,
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
            const chosen = focusAfterClose?.();
            if (chosen) chosen.focus();
            else restoreFocus(opener.current);
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
