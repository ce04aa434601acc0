// `GET /api/admin/audit-log`: administrators' actions, newest first, a page at a time.
import { z } from 'zod';
import { rowIdParam } from './ids.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';

export const auditLogQuerySchema = z.object({
  /** Entries older than this entry id (the previous page's `nextBefore`). */
  before: rowIdParam().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  action: z.string(),
  /** The action in words ('Changed the status of a report'). */
  summary: z.string(),
  actor: z.object({
    /** A short tag of the administrator's session, telling apart people sharing the access code. */
    session: z.string().nullable(),
    /** The volunteer address the administrator was signed in with, if any. */
    email: z.string().nullable(),
  }),
  target: z.object({ type: z.string().nullable(), id: z.string().nullable() }),
  /** The volunteer the action was about (null once erased, or when none). */
  subjectEmail: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextBefore: z.number().int().nullable(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

export const auditLogEndpoints = {
  list: endpoint(apiRoutes.auditLog.list, { query: auditLogQuerySchema, response: auditLogResponseSchema }),
};
