// The volunteer's session as the client sees it: who is signed in (GET /me, where 401 reads as "nobody"),
// asking for a sign-in e-mail, proving it with the code or the link, and signing out.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { volunteerAuthPaths } from '#shared/contracts/paths.ts';
import type { SignedInResponse, SignInRequest, SignInResponse, Volunteer } from '#shared/contracts/volunteer-auth.ts';
import { apiRequest, getQueryFn } from '#client/lib/api-client.ts';

export const currentVolunteerKey = [volunteerAuthPaths.me] as const;

export function useCurrentVolunteer() {
  return useQuery({ queryKey: currentVolunteerKey, queryFn: getQueryFn<Volunteer>({ on401: 'returnNull' }) });
}

export function useRequestSignIn() {
  return useMutation({
    mutationFn: (request: SignInRequest) => apiRequest<SignInResponse>(volunteerAuthPaths.signIn, 'POST', request),
  });
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (request: { email: string; code: string }) =>
      apiRequest<SignedInResponse>(volunteerAuthPaths.verify, 'POST', request),
  });
}

export function useContinueSignIn() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<SignedInResponse>(volunteerAuthPaths.continue, 'POST', { token }),
  });
}

/** Ends the session on the server; the cached volunteer data goes with it. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(volunteerAuthPaths.logout, 'POST'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentVolunteerKey, null);
    },
  });
}
