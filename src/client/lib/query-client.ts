// TanStack Query as the app configures it: data is always fresh, no refetch on focus, no polling unless a
// query asks for it, and no retries of queries or mutations. Every failure is first shown to the screen that
// may take over a refusal for want of a session.
import {
  MutationCache,
  QueryCache,
  QueryClient,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { reportRefusal } from './refusals.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportRefusal }),
    mutationCache: new MutationCache({ onError: reportRefusal }),
    defaultOptions: {
      queries: {
        // A query without a function of its own GETs its key as a URL.
        queryFn: ({ queryKey }) => apiRequest(queryKey.join('/')),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** A call that changes data on the server; once it has worked, the queries under each key are asked again. */
export function useRefreshingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** A call that changes data on the server and answers with it: the answer becomes the query's under `key`. */
export function useStoringMutation<Input = void, Output = unknown>(
  mutationFn: (input: Input) => Promise<Output>,
  key: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (answer) => queryClient.setQueryData(key, answer) });
}
