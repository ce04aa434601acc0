// A toast for a failed call: the screen's own title ('Error updating report'), and the server's
// message, or 'Please try again' when it gave none (SPEC.md section 8).
import { toast } from '../components/ui/use-toast.ts';
import { describeError } from './api-client.ts';
import { messages } from '#shared/domain/messages.ts';

export function errorToast(title: string, error: unknown): void {
  toast({
    title,
    description: describeError(error, messages.generic.tryAgain).message || messages.generic.tryAgain,
    variant: 'destructive',
  });
}
