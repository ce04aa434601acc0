// A toast for a failed call: the screen's own title ('Error updating report'), and the server's
// message, or 'Please try again' when it gave none. A refusal the screen already explained (the
// administrator session ended) gets no toast of its own.
import { toast } from './use-toast.ts';
import { describeError } from './api-client.ts';
import { isExplained } from './refusals.ts';
import { messages } from '#shared/domain/messages.ts';

export function errorToast(title: string, error: unknown): void {
  if (isExplained(error)) return;
  toast({
    title,
    description: describeError(error, messages.generic.tryAgain).message || messages.generic.tryAgain,
    variant: 'destructive',
  });
}
