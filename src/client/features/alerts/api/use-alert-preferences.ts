// The signed-in volunteer's alert choices and this device's push subscription.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertPreferencesInput } from '#shared/contracts/alerts.ts';
import { api } from '#client/lib/api.ts';
import { subscribeThisDevice, unsubscribeThisDevice } from '../push-device.ts';

const alertPreferencesKey = [api.alerts.preferences.url()] as const;

export function useAlertPreferences() {
  return useQuery({ queryKey: alertPreferencesKey, queryFn: () => api.alerts.preferences() });
}

export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: AlertPreferencesInput) => api.alerts.savePreferences({ body: choices }),
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesKey, saved),
  });
}

/** Switches push on for this device: the browser asks for permission now, never before. */
export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await api.alerts.vapidPublicKey();
      const subscription = await subscribeThisDevice(publicKey);
      return api.alerts.addPushSubscription({ body: subscription });
    },
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesKey, saved),
  });
}

export function useDisablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeThisDevice();
      if (endpoint) return api.alerts.removePushSubscription({ body: { endpoint } });
      return api.alerts.preferences();
    },
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesKey, saved),
  });
}
