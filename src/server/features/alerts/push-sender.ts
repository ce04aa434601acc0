// Web Push with VAPID (RFC 8030, 8291, 8292) through the web-push package: the payload is encrypted
// for the subscription (aes128gcm) and signed for our application server key. A 404 or 410 means
// the subscription is gone; an endpoint the push endpoint rules refuse (checked before sending, and on
// the address each connection uses) is never sent to; other failures are thrown for the outbox to retry.
import webpush from 'web-push';
import { PermanentJobError } from '#server/jobs/outbox-worker.ts';
import { NonPublicAddressError, type PushEndpointPolicy, type TestPushService } from './push-endpoints.ts';
import { trustedHttpsAgent } from './trusted-agent.ts';

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
  /**
   * 'gone' when the push service no longer knows the subscription; 'refused' when the endpoint is
   * not one messages may go to (not a browser's push service, or an address that is not public).
   */
  send(target: PushTarget, payload: string): Promise<'sent' | 'gone' | 'refused'>;
}

export interface PushOptions {
  vapid: VapidKeys;
  /**
   * Whose SSL_CERT_FILE and NODE_EXTRA_CA_CERTS say which certificate authorities to trust besides
   * Node's own: the process's environment unless given.
   */
  trustEnv?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Tests only: their local push service (see TestPushService). */
  testService?: TestPushService;
}

/** How long a push message waits at the push service for a device that is offline. */
const TTL_SECONDS = 24 * 3600;

export function webPushSender({
  vapid,
  endpoints,
  trustEnv,
  timeoutMs = 15_000,
}: PushOptions & { endpoints: PushEndpointPolicy }): PushSender {
  // Every connection this agent makes resolves its name through the endpoint check.
  const agent = trustedHttpsAgent(trustEnv, endpoints.lookup);
  return {
    publicKey: vapid.publicKey,
    async send(target, payload) {
      // A device kept from before the rules, or an address literal (which no lookup ever sees).
      if (endpoints.problemWith(target.endpoint) !== null) return 'refused';
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
        if (error instanceof NonPublicAddressError) return 'refused';
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
