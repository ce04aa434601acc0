// The toast store: one toast at a time; a dismissed toast is removed from the tree later, after its
// exit animation.
import { useSyncExternalStore } from 'react';
import { TOAST_REMOVE_DELAY_MS } from '#shared/domain/limits.ts';

type ToastVariant = 'default' | 'success' | 'destructive';

interface ToastData {
  id: number;
  title?: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

const TOAST_LIMIT = 1;
let toasts: ToastData[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastData[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: number): void {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if (t.open || removalTimers.has(t.id)) continue;
    removalTimers.set(
      t.id,
      setTimeout(() => {
        removalTimers.delete(t.id);
        emit(toasts.filter((other) => other.id !== t.id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

export function toast(input: { title?: string; description?: string; variant?: ToastVariant }): number {
  const id = nextId++;
  emit(
    [
      { id, title: input.title, description: input.description, variant: input.variant ?? 'default', open: true },
      ...toasts,
    ].slice(0, TOAST_LIMIT),
  );
  return id;
}

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}

/** A toast saying something went well. */
export const toastSuccess = (title: string, description?: string) => toast({ title, description, variant: 'success' });

/** A toast saying something went wrong, in the screen's words (`errorToast` for a failed call). */
export const toastProblem = (title: string, description?: string) =>
  toast({ title, description, variant: 'destructive' });
