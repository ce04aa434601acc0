// A drawer that slides in from the right: a modal Radix dialog with its title and a Close button, the
// focus handed back to the button that opened it on closing (it opens from state, not from a Radix
// trigger). The site menu and the administrator's menu are its contents; both load it on demand.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DrawerProps } from './lazy-drawer.tsx';

type SideDrawerProps = DrawerProps & { title: string; children: ReactNode };

export function SideDrawer({ open, onOpenChange, returnFocusTo, id, title, children }: SideDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-40 bg-civic-900/60" />
        <Dialog.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="drawer fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-4 overflow-y-auto bg-stone-light p-4 shadow-2xl outline-none"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="px-4 text-xl font-bold text-civic-900">{title}</Dialog.Title>
            <Dialog.Close className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 font-semibold text-civic-900 hover:bg-civic-50">
              <X aria-hidden="true" className="h-5 w-5" />
              Close<span className="sr-only"> menu</span>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
