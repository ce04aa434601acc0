// A call refused for want of a session: 401, or 403 when a right the session used to give is gone.
// The screen that needs the session takes such refusals over while it is open (the administrator
// screens say the administrator session ended and go to sign in), and the error toasts of the calls
// it refused stay quiet, so the person reads why once, in the right words.
import { ApiError } from './api-client.ts';

/** Answers true when it took the refusal over (and told the person what happened). */
type RefusalHandler = (error: ApiError) => boolean;

const handlers = new Set<RefusalHandler>();
const explained = new WeakSet<ApiError>();

export function onRefusal(handler: RefusalHandler): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}

/** Every failed query and mutation passes through here before its own error handling runs. */
export function reportRefusal(error: unknown): void {
  if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) return;
  for (const handler of handlers) {
    if (handler(error)) {
      explained.add(error);
      return;
    }
  }
}

/** True when a screen already told the person about this refusal: no toast of its own. */
export function isExplained(error: unknown): boolean {
  return error instanceof ApiError && explained.has(error);
}
