import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAccessPaths } from '#shared/contracts/paths.ts';
import type { AdminSession } from '#shared/contracts/admin-access.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { adminFlag } from '../admin-flag.ts';

export function useAdminSignIn() {
  return useMutation({
    mutationFn: (passcode: string) => apiRequest<AdminSession>(adminAccessPaths.signIn, 'POST', { passcode }),
    onSuccess: () => adminFlag.set(),
  });
}

export function useAdminSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(adminAccessPaths.signOut, 'POST'),
    onSettled: () => {
      adminFlag.clear();
      queryClient.clear();
    },
  });
}
