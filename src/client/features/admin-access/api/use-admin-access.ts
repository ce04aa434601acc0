import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAccessApi } from '#client/lib/calls/admin-access.ts';
import { adminFlag } from '../admin-flag.ts';

export function useAdminSignIn() {
  return useMutation({
    mutationFn: (passcode: string) => adminAccessApi.signIn({ body: { passcode } }),
    onSuccess: () => adminFlag.set(),
  });
}

export function useAdminSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminAccessApi.signOut(),
    onSettled: () => {
      adminFlag.clear();
      queryClient.clear();
    },
  });
}
