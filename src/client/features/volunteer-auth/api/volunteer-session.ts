// The volunteer's session as the client sees it: who is signed in (GET /me, where 401 reads as "nobody"),
// asking for a sign-in e-mail, proving it with the code or the link, and signing out.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInRequest } from '#shared/contracts/volunteer-auth.ts';
import { signedOutAsNull } from '#client/lib/api.ts';
import { volunteerAuthApi } from '#client/lib/calls/volunteer-auth.ts';

const currentVolunteerKey = [volunteerAuthApi.me.url()] as const;

export function useCurrentVolunteer() {
  return useQuery({ queryKey: currentVolunteerKey, queryFn: () => signedOutAsNull(volunteerAuthApi.me()) });
}

export function useRequestSignIn() {
  return useMutation({
    mutationFn: (request: SignInRequest) => volunteerAuthApi.signIn({ body: request }),
  });
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (request: { email: string; code: string }) => volunteerAuthApi.verify({ body: request }),
  });
}

export function useContinueSignIn() {
  return useMutation({
    mutationFn: (token: string) => volunteerAuthApi.continue({ body: { token } }),
  });
}

/** A call that leaves nobody signed in here (signing out, erasure): nothing cached about the volunteer outlives it. */
export function useSigningOut(mutationFn: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentVolunteerKey, null);
    },
  });
}

/** Ends the session on the server. */
export const useLogout = () => useSigningOut(() => volunteerAuthApi.logout());
