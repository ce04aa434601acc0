// The signed-in volunteer's alert choices and this device's push subscription (issue 7).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertPreferences, AlertPreferencesInput, VapidPublicKey } from '#shared/contracts/alerts.ts';
import { alertPaths } from '#shared/contracts/paths.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { subscribeThisDevice, unsubscribeThisDevice } from '../push-device.ts';

export const alertPreferencesKey = [alertPaths.preferences] as const;

export function useAlertPreferences() {
  return useQuery({
    queryKey: alertPreferencesKey,
    queryFn: () => apiRequest<AlertPreferences>(alertPaths.preferences),
  });
}

export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: AlertPreferencesInput) =>
      apiRequest<AlertPreferences>(alertPaths.preferences, 'PUT', choices),
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesKey, saved),
  });
}

/** Switches push on for this device: the browser asks for permission now, never before. */
export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await apiRequest<VapidPublicKey>(alertPaths.vapidPublicKey);
      const subscription = await subscribeThisDevice(publicKey);
      return apiRequest<AlertPreferences>(alertPaths.pushSubscriptions, 'POST', subscription);
    },
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesKey, saved),
  });
}

export function useDisablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeThisDevice();
      if (endpoint) return apiRequest<AlertPreferences>(alertPaths.pushSubscriptions, 'DELETE', { endpoint });
      return apiRequest<AlertPreferences>(alertPaths.preferences);
    },
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesKey, saved),
  });
}
