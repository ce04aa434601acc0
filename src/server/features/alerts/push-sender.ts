// Web Push with VAPID (RFC 8030, 8291, 8292) through the web-push package: the payload is encrypted
// for the subscription (aes128gcm) and signed for our application server key. A 404 or 410 means
// the subscription is gone; other failures are thrown for the outbox to retry.
import type https from 'node:https';
import webpush from 'web-push';
import { PermanentJobError } from './outbox-worker.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for push services. */
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  readonly publicKey: string;
  /** 'gone' when the push service no longer knows the subscription. */
  send(target: PushTarget, payload: string): Promise<'sent' | 'gone'>;
}

export interface PushOptions {
  vapid: VapidKeys;
  /** The agent for push services; one trusting the system store and NODE_EXTRA_CA_CERTS unless given. */
  agent?: https.Agent;
  timeoutMs?: number;
}

/** How long a push message waits at the push service for a device that is offline. */
const TTL_SECONDS = 24 * 3600;

export function webPushSender({ vapid, agent, timeoutMs = 15_000 }: PushOptions & { agent: https.Agent }): PushSender {
  return {
    publicKey: vapid.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: vapid,
            TTL: TTL_SECONDS,
            urgency: 'normal',
            contentEncoding: 'aes128gcm',
            agent,
            timeout: timeoutMs,
          },
        );
        return 'sent';
      } catch (error) {
        const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
        if (status === 404 || status === 410) return 'gone';
        // A payload the service refuses, or keys it cannot use, will not get better by waiting.
        if (status === 400 || status === 413)
          throw new PermanentJobError(`push service answered ${status}`, { cause: error });
        if (status !== undefined) throw new Error(`push service answered ${status}`, { cause: error });
        throw error;
      }
    },
  };
}

export function generateVapidKeys(subject: string): VapidKeys {
  return { ...webpush.generateVAPIDKeys(), subject };
}
