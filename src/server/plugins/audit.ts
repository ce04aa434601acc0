// The audit log's one mechanism: a route names its action in `config.audit`, and the entry says who (a
// tag of their session, and the volunteer they are signed in as), what (the action, its target and
// the listed body fields) and when. A route whose change runs in a transaction writes the entry in that
// same transaction with `request.recordAudit(trx)`, so the change and its entry stand or fall together;
// a download writes it before a byte is sent. For the other routes, a hook records it after a
// successful answer to an administrator. A handler may add what only it knows (a new id, the volunteer
// an attendance is for) in `request.auditNote`, or in the note it passes to recordAudit.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditAction } from '#shared/domain/audit-actions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { SESSION_COOKIES } from './auth.ts';

/** An entry as this plugin makes it, for the audit log to write. */
export interface NewAuditEntry {
  at: string;
  action: string;
  actorSession: string | null;
  actorVolunteerId: number | null;
  targetType: string | null;
  targetId: string | null;
  subjectVolunteerId: number | null;
  detail: Record<string, unknown> | null;
}

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
  /** The administrator session the action started (a sign-in), when it is not the request's own. */
  sessionToken?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRule;
  }
  interface FastifyRequest {
    auditNote: AuditNote | null;
    /**
     * Writes this route's entry now, in the transaction of its change when given (without one, for a
     * download, before the answer is sent). The hook then writes none for this request.
     */
    recordAudit(trx?: Db, note?: AuditNote): Promise<void>;
  }
}

/** The first 8 hex digits of the session cookie's hash: enough to tell sessions apart, useless to steal one. */
export const sessionTag = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 8);

export function registerAudit(
  app: FastifyInstance,
  { record, clock }: { record(entry: NewAuditEntry, trx?: Db): Promise<void>; clock: Clock },
): void {
  const recorded = new WeakSet<FastifyRequest>();

  function entryOf(request: FastifyRequest, rule: AuditRule, note: AuditNote): NewAuditEntry {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const detail: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(params)) if (name !== 'id') detail[name] = value;
    for (const field of rule.fields ?? []) if (field in body) detail[field] = body[field];
    Object.assign(detail, note.detail);
    const targetId = note.targetId ?? params.id;
    const session = note.sessionToken ?? request.cookies[SESSION_COOKIES.admin];
    return {
      at: clock.now().toISOString(),
      action: rule.action,
      actorSession: session ? sessionTag(session) : null,
      actorVolunteerId: request.auth?.volunteer?.id ?? null,
      targetType: note.targetType ?? rule.action.split('.')[0]!,
      targetId: targetId === undefined || targetId === null ? null : String(targetId),
      subjectVolunteerId: note.subjectVolunteerId ?? null,
      detail: Object.keys(detail).length > 0 ? detail : null,
    };
  }

  app.decorateRequest('auditNote', null);
  app.decorateRequest('recordAudit', async function (this: FastifyRequest, trx?: Db, note: AuditNote = {}) {
    const rule = this.routeOptions.config?.audit;
    if (!rule) throw new Error(`${this.method} ${this.routeOptions.url} records an audit entry but names no action`);
    recorded.add(this);
    await record(entryOf(this, rule, note), trx);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const rule = request.routeOptions.config?.audit;
    if (!rule || recorded.has(request) || !request.auth?.admin || reply.statusCode >= 400) return payload;
    try {
      await record(entryOf(request, rule, request.auditNote ?? {}));
    } catch (error) {
      // The change itself has been made; a lost entry is logged loudly rather than failing the answer.
      request.log.error({ err: error, action: rule.action }, 'audit log entry could not be written');
    }
    return payload;
  });
}
