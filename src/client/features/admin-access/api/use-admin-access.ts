import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { adminFlag } from '../admin-flag.ts';

export function useAdminSignIn() {
  return useMutation({
    mutationFn: (passcode: string) => api.adminAccess.signIn({ body: { passcode } }),
    onSuccess: () => adminFlag.set(),
  });
}

export function useAdminSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.adminAccess.signOut(),
    onSettled: () => {
      adminFlag.clear();
      queryClient.clear();
    },
  });
}
