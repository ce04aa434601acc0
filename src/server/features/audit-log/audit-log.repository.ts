// The audit_log table: one row per administrator action. Volunteers are referenced by id and their
// addresses joined when the log is read, so erasing a volunteer leaves no name behind.
import type { NewAuditEntry } from '#server/plugins/audit.ts';
import { deletedBy, type Db } from '#server/db/client.ts';

export function auditLogRepository(db: Db) {
  return {
    /** Writes the entry, inside the transaction of the change it records when one is given. */
    async insert(entry: NewAuditEntry, trx?: Db): Promise<void> {
      await (trx ?? db)
        .insertInto('audit_log')
        .values({
          at: entry.at,
          action: entry.action,
          actor_session: entry.actorSession,
          actor_volunteer_id: entry.actorVolunteerId,
          target_type: entry.targetType,
          target_id: entry.targetId,
          subject_volunteer_id: entry.subjectVolunteerId,
          detail: entry.detail ? JSON.stringify(entry.detail) : null,
        })
        .execute();
    },

    /** Newest first, older than the entry `before` when given. */
    page(before: number | undefined, limit: number) {
      return db
        .selectFrom('audit_log')
        .leftJoin('volunteers as actor', 'actor.id', 'audit_log.actor_volunteer_id')
        .leftJoin('volunteers as subject', 'subject.id', 'audit_log.subject_volunteer_id')
        .select([
          'audit_log.id',
          'audit_log.at',
          'audit_log.action',
          'audit_log.actor_session',
          'audit_log.target_type',
          'audit_log.target_id',
          'audit_log.detail',
          'actor.email as actor_email',
          'subject.email as subject_email',
        ])
        .$if(before !== undefined, (qb) => qb.where('audit_log.id', '<', before!))
        .orderBy('audit_log.id', 'desc')
        .limit(limit)
        .execute();
    },

    deleteBefore: (before: string) => deletedBy(db.deleteFrom('audit_log').where('at', '<', before)),
  };
}
