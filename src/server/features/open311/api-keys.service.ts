// Partner apps' API keys: issued with the partner's name and shown once (only the hash is kept),
// listed, revoked. A key is checked by its hash; a revoked or unknown key is no key.
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '#server/clock.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import { AppError } from '#server/errors.ts';
import { apiKeyMessages, type ApiKey, type IssuedApiKey } from '#shared/contracts/open311-partners.ts';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.ts';

/** A key as partners hold it: a fixed prefix (so a leaked key is recognised) and 32 random bytes. */
const KEY_PREFIX = 'cue311_';
export const API_KEY_PATTERN = /^cue311_[A-Za-z0-9_-]{43}$/;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    hint: row.key_hint,
    createdAt: toIso(row.created_at),
    revokedAt: toIsoOrNull(row.revoked_at),
    lastUsedAt: toIsoOrNull(row.last_used_at),
    requests: row.requests,
  };
}

/** The partner a key stands for. */
export interface Partner {
  keyId: number;
  name: string;
}

export function apiKeysService({ repository, clock }: { repository: ApiKeysRepository; clock: Clock }) {
  return {
    async issue(name: string): Promise<IssuedApiKey> {
      const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await repository.insert(name, hashApiKey(secret), secret.slice(-4), clock.now().toISOString());
      return { key: toApiKey(row), secret };
    },

    list: async (): Promise<ApiKey[]> => (await repository.list()).map(toApiKey),

    async revoke(id: number): Promise<ApiKey> {
      const row = await repository.revoke(id, clock.now().toISOString());
      if (!row) throw new AppError(404, apiKeyMessages.unknownKey);
      return toApiKey(row);
    },

    /** The partner a key belongs to, or null for a missing, malformed, unknown or revoked key. */
    async partnerOf(key: string | undefined): Promise<Partner | null> {
      if (!key || !API_KEY_PATTERN.test(key)) return null;
      const row = await repository.findActive(hashApiKey(key));
      return row ? { keyId: row.id, name: row.name } : null;
    },

    markUsed: (partner: Partner) => repository.markUsed(partner.keyId, clock.now().toISOString()),
    recordRequest: repository.recordRequest,
  };
}

export type ApiKeysService = ReturnType<typeof apiKeysService>;
