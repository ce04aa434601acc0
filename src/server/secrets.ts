// Secrets generated on first start and kept in DATA_DIR. The administrator passcode is kept only as a
// slow hash; when it is generated, the code itself is returned once so main.ts can print it.
import fs from 'node:fs';
import path from 'node:path';
import { randomInt, scrypt, scryptSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: typeof SCRYPT,
) => Promise<Buffer>;

const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export interface AdminPasscode {
  hash: string;
  /** Set only on the start that generated it. */
  generated?: string;
}

export function hashPasscode(passcode: string, salt = randomBytes(16)): string {
  const key = scryptSync(passcode, salt, 32, SCRYPT);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Checks a passcode off the main thread (scrypt takes a noticeable moment; other requests go on meanwhile). */
export async function verifyPasscode(passcode: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(passcode, Buffer.from(salt, 'base64'), expected.length, SCRYPT);
  return timingSafeEqual(actual, expected);
}

export function ensureAdminPasscode(dataDir: string, configured: string | undefined): AdminPasscode {
  if (configured) return { hash: hashPasscode(configured) };
  const file = path.join(dataDir, 'admin-passcode.hash');
  if (fs.existsSync(file)) return { hash: fs.readFileSync(file, 'utf8').trim() };
  const generated = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = hashPasscode(generated);
  fs.writeFileSync(file, hash, { mode: 0o600 });
  return { hash, generated };
}
