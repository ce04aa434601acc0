// TanStack Query as SPEC.md section 4 configures it: data is always fresh, no refetch on focus, no
// polling unless a query asks for it, and no retries of queries or mutations.
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
