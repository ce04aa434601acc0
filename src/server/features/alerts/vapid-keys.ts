// The VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or generated once into DATA_DIR and
// kept there (browsers' subscriptions are bound to the public key, so it must survive restarts).
// Several server processes sharing PostgreSQL must be given the same pair through the environment.
import fs from 'node:fs';
import path from 'node:path';
import { generateVapidKeys, type VapidKeys } from './push-sender.ts';

/** mailto: the sender address of MAIL_FROM ('Name <address>' or a bare address). */
export function defaultVapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address || 'no-reply@cleanupedinburgh.org'}`;
}

export function ensureVapidKeys(
  dataDir: string,
  configured: { publicKey?: string; privateKey?: string; subject?: string },
  mailFrom: string,
): VapidKeys & { generated: boolean } {
  const subject = configured.subject ?? defaultVapidSubject(mailFrom);
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject, generated: false };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject, generated: false };
  }
  const keys = generateVapidKeys(subject);
  fs.writeFileSync(file, JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }), { mode: 0o600 });
  return { ...keys, generated: true };
}
