// The audit log's one mechanism: a route names its action in `config.audit`, and after a successful
// answer to an administrator this hook records who (a tag of their session, and the volunteer they are
// signed in as), what (the action, its target and the listed body fields) and when. A handler may add
// what only it knows (a new id, the volunteer an attendance is for) in `request.auditNote`.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuditAction } from '#shared/domain/audit-actions.ts';
import type { Clock } from '../clock.ts';
import type { NewAuditEntry } from '../features/audit-log/audit-log.repository.ts';
import { SESSION_COOKIES } from './auth.ts';

export interface AuditRule {
  action: AuditAction;
  /** Body fields copied into the entry's detail (the new status, the edited words). */
  fields?: string[];
}

export interface AuditNote {
  targetType?: string;
  targetId?: string | number;
  subjectVolunteerId?: number | null;
  detail?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRule;
  }
  interface FastifyRequest {
    auditNote: AuditNote | null;
  }
}

/** The first 8 hex digits of the session cookie's hash: enough to tell sessions apart, useless to steal one. */
export const sessionTag = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 8);

export function registerAudit(
  app: FastifyInstance,
  { record, clock }: { record(entry: NewAuditEntry): Promise<void>; clock: Clock },
): void {
  app.decorateRequest('auditNote', null);

  app.addHook('onSend', async (request, reply, payload) => {
    const rule = request.routeOptions.config?.audit;
    if (!rule || !request.auth?.admin || reply.statusCode >= 400) return payload;
    const note = request.auditNote ?? {};
    const params = (request.params ?? {}) as Record<string, unknown>;
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const detail: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(params)) if (name !== 'id') detail[name] = value;
    for (const field of rule.fields ?? []) if (field in body) detail[field] = body[field];
    Object.assign(detail, note.detail);
    const targetId = note.targetId ?? params.id;
    const adminCookie = request.cookies[SESSION_COOKIES.admin];
    try {
      await record({
        at: clock.now().toISOString(),
        action: rule.action,
        actorSession: adminCookie ? sessionTag(adminCookie) : null,
        actorVolunteerId: request.auth.volunteer?.id ?? null,
        targetType: note.targetType ?? rule.action.split('.')[0]!,
        targetId: targetId === undefined || targetId === null ? null : String(targetId),
        subjectVolunteerId: note.subjectVolunteerId ?? null,
        detail: Object.keys(detail).length > 0 ? detail : null,
      });
    } catch (error) {
      // The change itself has been made; a lost entry is logged loudly rather than failing the answer.
      request.log.error({ err: error, action: rule.action }, 'audit log entry could not be written');
    }
    return payload;
  });
}
