// Blurring areas of a stored photo (administrators). Afterwards every report list and photo list is
// fetched again, so the cards show the new photo and the 'Photo edited to protect privacy' line.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedactionArea } from '#shared/contracts/reports.ts';
import { photoRedactionApi } from '#client/lib/calls/photo-redaction.ts';

export function useRedactPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { photoUrl: string; areas: RedactionArea[] }) => photoRedactionApi.redact({ body: input }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/reports'),
      }),
  });
}
