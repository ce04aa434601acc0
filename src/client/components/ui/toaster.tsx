// Toasts on Radix primitives: shown 5 s, swipe right past 50 px to dismiss, F8 jumps to them. A toast
// opening over the control that has the focus (the button just pressed, low on a phone's screen)
// scrolls the page up until that control, and the controls grouped with it, are clear of it.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#shared/domain/limits.ts';
import { dismissToast, useToasts } from '#client/lib/use-toast.ts';

const variantClasses = {
  default: 'border-stone-300 bg-white text-slate-900',
  success: 'border-emerald-700 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-700 bg-red-50 text-red-950',
} as const;

export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  const newest = toasts.find((t) => t.open)?.id;
  useEffect(() => {
    if (newest === undefined) return;
    const frame = requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (!viewport.current || !(focused instanceof HTMLElement) || focused === document.body) return;
      if (viewport.current.contains(focused)) return;
      const kept = (focused.closest('[data-toast-clear]') ?? focused).getBoundingClientRect();
      const over = viewport.current.getBoundingClientRect();
      const across = kept.left < over.right && over.left < kept.right;
      if (across && kept.bottom > over.top && kept.top < over.bottom) window.scrollBy({ top: kept.bottom - over.top });
    });
    return () => cancelAnimationFrame(frame);
  }, [newest]);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={`toast pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border-2 p-4 pr-10 shadow-lg ${variantClasses[t.variant]}`}
        >
          <div className="grid gap-1">
            {t.title && <ToastPrimitive.Title className="font-semibold">{t.title}</ToastPrimitive.Title>}
            {t.description && (
              <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-1 top-1 grid h-11 w-11 place-items-center rounded-lg text-current opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        hotkey={['F8']}
        className="fixed bottom-0 right-0 z-[100] flex w-full max-w-md flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
