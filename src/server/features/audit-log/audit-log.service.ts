// The audit log of administrator actions: written by the audit plugin (in the transaction of the change
// where the route asks for it) and the retention job, read by administrators a page at a time. Entries
// are kept for a year.
import type { AuditEntry, AuditLogResponse } from '#shared/contracts/audit-log.ts';
import { auditActionLabel } from '#shared/domain/audit-actions.ts';
import type { Db } from '#server/db/client.ts';
import { toIso } from '#server/db/tables.ts';
import type { NewAuditEntry } from '#server/plugins/audit.ts';
import { auditLogRepository } from './audit-log.repository.ts';

function parseDetail(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function auditLogService(db: Db) {
  const repository = auditLogRepository(db);
  return {
    record: (entry: NewAuditEntry, trx?: Db) => repository.insert(entry, trx),

    async page(before: number | undefined, limit: number): Promise<AuditLogResponse> {
      const rows = await repository.page(before, limit + 1);
      const entries: AuditEntry[] = rows.slice(0, limit).map((row) => ({
        id: row.id,
        at: toIso(row.at),
        action: row.action,
        summary: auditActionLabel(row.action),
        actor: { session: row.actor_session, email: row.actor_email },
        target: { type: row.target_type, id: row.target_id },
        subjectEmail: row.subject_email,
        detail: parseDetail(row.detail),
      }));
      return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1]!.id : null };
    },
  };
}

export type AuditLogService = ReturnType<typeof auditLogService>;
