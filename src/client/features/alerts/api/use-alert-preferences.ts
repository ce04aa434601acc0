// The signed-in volunteer's alert choices and this device's push subscription.
import { useQuery } from '@tanstack/react-query';
import type { AlertPreferencesInput } from '#shared/contracts/alerts.ts';
import { alertsApi } from '#client/lib/calls/alerts.ts';
import { useStoringMutation } from '#client/lib/query-client.ts';
import { subscribeThisDevice, unsubscribeThisDevice } from '../push-device.ts';

const alertPreferencesKey = [alertsApi.preferences.url()] as const;

export function useAlertPreferences() {
  return useQuery({ queryKey: alertPreferencesKey, queryFn: () => alertsApi.preferences() });
}

export const useSaveAlertPreferences = () =>
  useStoringMutation(
    (choices: AlertPreferencesInput) => alertsApi.savePreferences({ body: choices }),
    alertPreferencesKey,
  );

/** Switches push on for this device: the browser asks for permission now, never before. */
export const useEnablePush = () =>
  useStoringMutation(async () => {
    const { publicKey } = await alertsApi.vapidPublicKey();
    const subscription = await subscribeThisDevice(publicKey);
    return alertsApi.addPushSubscription({ body: subscription });
  }, alertPreferencesKey);

export const useDisablePush = () =>
  useStoringMutation(async () => {
    const endpoint = await unsubscribeThisDevice();
    if (endpoint) return alertsApi.removePushSubscription({ body: { endpoint } });
    return alertsApi.preferences();
  }, alertPreferencesKey);
