// The signed-in volunteer's alert choices and this device's push subscription.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertPreferencesInput } from '#shared/contracts/alerts.ts';
import { alertsApi } from '#client/lib/calls/alerts.ts';
import { subscribeThisDevice, unsubscribeThisDevice } from '../push-device.ts';

const alertPreferencesKey = [alertsApi.preferences.url()] as const;

export function useAlertPreferences() {
  return useQuery({ queryKey: alertPreferencesKey, queryFn: () => alertsApi.preferences() });
}

export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: AlertPreferencesInput) => alertsApi.savePreferences({ body: choices }),
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesKey, saved),
  });
}

/** Switches push on for this device: the browser asks for permission now, never before. */
export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await alertsApi.vapidPublicKey();
      const subscription = await subscribeThisDevice(publicKey);
      return alertsApi.addPushSubscription({ body: subscription });
    },
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesKey, saved),
  });
}

export function useDisablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeThisDevice();
      if (endpoint) return alertsApi.removePushSubscription({ body: { endpoint } });
      return alertsApi.preferences();
    },
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesKey, saved),
  });
}
