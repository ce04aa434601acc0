// The only place that reads and writes the alert tables: preferences, push subscriptions, the
// per-report delivery record and the 10-minute windows.
import { sql, type Expression, type Insertable, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { countOf, type Db } from '#server/db/client.ts';
import type { AlertPreferencesTable, AlertWindowsTable, PushSubscriptionsTable } from '#server/db/tables.ts';

export type AlertPreferencesRow = Selectable<AlertPreferencesTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type InstantChannel = 'push' | 'email';

/** What an alert says about a report. */
const reportColumns = [
  'reports.id',
  'reports.what3words',
  'reports.description',
  'reports.photo_key',
  'reports.status',
  'reports.reported_at',
  'reports.latitude',
  'reports.longitude',
  'reports.priority',
] as const;
export type AlertReport = Awaited<ReturnType<ReturnType<typeof alertsRepository>['newForDigest']>>[number];

/** A volunteer's choices with their address and how many devices take push. */
export type AlertRecipient = Awaited<ReturnType<ReturnType<typeof recipients>['execute']>>[number];

/** Volunteers to tell at most once per (volunteer, channel, report); a push goes to every device. */
export function alertsRepository(db: Db) {
  return {
    findPreferences(volunteerId: number): Promise<AlertPreferencesRow | undefined> {
      return db.selectFrom('alert_preferences').selectAll().where('volunteer_id', '=', volunteerId).executeTakeFirst();
    },

    countDevices: (volunteerId: number) =>
      countOf(db.selectFrom('push_subscriptions').where('volunteer_id', '=', volunteerId)),

    /** Creates or replaces the volunteer's choices (the token is kept once made). */
    async savePreferences(
      row: Insertable<AlertPreferencesTable> & { updated_at: string; daily_since: string | null },
    ): Promise<void> {
      await db
        .insertInto('alert_preferences')
        .values(row)
        .onConflict((oc) =>
          oc.column('volunteer_id').doUpdateSet({
            push: row.push,
            email: row.email,
            radius_km: row.radius_km,
            centre_latitude: row.centre_latitude,
            centre_longitude: row.centre_longitude,
            daily_since: row.daily_since,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },

    async setPush(volunteerId: number, push: boolean, now: string): Promise<void> {
      await db
        .updateTable('alert_preferences')
        .set({ push: push ? 1 : 0, updated_at: now })
        .where('volunteer_id', '=', volunteerId)
        .execute();
    },

    findByUnsubscribeToken(token: string): Promise<AlertPreferencesRow | undefined> {
      return db.selectFrom('alert_preferences').selectAll().where('unsubscribe_token', '=', token).executeTakeFirst();
    },

    async turnEmailOff(volunteerId: number, now: string): Promise<void> {
      await db
        .updateTable('alert_preferences')
        .set({ email: 'off', daily_since: null, updated_at: now })
        .where('volunteer_id', '=', volunteerId)
        .execute();
    },

    /** Stores a device for the volunteer; an endpoint already known moves to this volunteer. */
    async saveSubscription(row: {
      volunteerId: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      now: string;
    }): Promise<void> {
      await db
        .insertInto('push_subscriptions')
        .values({
          volunteer_id: row.volunteerId,
          endpoint: row.endpoint,
          p256dh: row.p256dh,
          auth: row.auth,
          created_at: row.now,
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({ volunteer_id: row.volunteerId, p256dh: row.p256dh, auth: row.auth }),
        )
        .execute();
    },

    /** Keeps the newest `keep` devices of a volunteer. */
    async trimSubscriptions(volunteerId: number, keep: number): Promise<void> {
      const extra = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('volunteer_id', '=', volunteerId)
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1000)
        .execute();
      if (extra.length > 0)
        await db
          .deleteFrom('push_subscriptions')
          .where(
            'id',
            'in',
            extra.map((r) => r.id),
          )
          .execute();
    },

    async deleteSubscription(volunteerId: number, endpoint: string): Promise<void> {
      await db
        .deleteFrom('push_subscriptions')
        .where('volunteer_id', '=', volunteerId)
        .where('endpoint', '=', endpoint)
        .execute();
    },

    /** The devices of the volunteers signed up with these addresses (the administrators'), oldest first. */
    subscriptionsOfAddresses(emails: readonly string[]): Promise<PushSubscriptionRow[]> {
      if (emails.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('push_subscriptions')
        .innerJoin('volunteers', 'volunteers.id', 'push_subscriptions.volunteer_id')
        .selectAll('push_subscriptions')
        .where(sql<string>`lower(volunteers.email)`, 'in', [...emails])
        .orderBy('push_subscriptions.id')
        .execute();
    },

    findSubscription(id: number): Promise<PushSubscriptionRow | undefined> {
      return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The push service said the subscription is gone (404/410). */
    async deleteSubscriptionById(id: number): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    /** The report a queued alert is about. Its id is checked against its photo, which a renumbering never changes. */
    async findReport(id: number, photoKey: string) {
      const byId = await db.selectFrom('reports').select(reportColumns).where('id', '=', id).executeTakeFirst();
      if (byId?.photo_key === photoKey) return byId;
      return db.selectFrom('reports').select(reportColumns).where('photo_key', '=', photoKey).executeTakeFirst();
    },

    /** Volunteers with push on (and a device) or e-mail for each report. */
    instantRecipients(): Promise<AlertRecipient[]> {
      return recipients(db)
        .where((eb) =>
          eb.or([
            eb.and([eb('alert_preferences.push', '=', 1), eb(devicesOf, '>', 0)]),
            eb('alert_preferences.email', '=', 'instant'),
          ]),
        )
        .execute();
    },

    dailyRecipients(): Promise<AlertRecipient[]> {
      return recipients(db).where('alert_preferences.email', '=', 'daily').execute();
    },

    findRecipient(volunteerId: number, q: Db = db): Promise<AlertRecipient | undefined> {
      return recipients(q).where('alert_preferences.volunteer_id', '=', volunteerId).executeTakeFirst();
    },

    subscriptionsOf(volunteerId: number, q: Db = db): Promise<PushSubscriptionRow[]> {
      return q
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('volunteer_id', '=', volunteerId)
        .orderBy('id')
        .execute();
    },

    /**
     * Takes the volunteer's window for this channel for the rest of the transaction: an upsert locks
     * the row on PostgreSQL (SQLite has one writer already), so queuing and dispatching never race.
     */
    async lockWindow(trx: Db, volunteerId: number, channel: InstantChannel) {
      return trx
        .insertInto('alert_windows')
        .values({ volunteer_id: volunteerId, channel, last_sent_at: null, dispatch_pending: 0 })
        .onConflict((oc) => oc.columns(['volunteer_id', 'channel']).doUpdateSet({ channel }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateWindow(
      trx: Db,
      volunteerId: number,
      channel: InstantChannel,
      set: Pick<Updateable<AlertWindowsTable>, 'last_sent_at' | 'dispatch_pending'>,
    ) {
      await trx
        .updateTable('alert_windows')
        .set(set)
        .where('volunteer_id', '=', volunteerId)
        .where('channel', '=', channel)
        .execute();
    },

    /** Records that this report is to be told to the volunteer on the channel; false if it already was. */
    async addDelivery(
      trx: Db,
      row: {
        volunteerId: number;
        channel: 'push' | 'email' | 'digest';
        reportId: number;
        now: string;
        batched: boolean;
      },
    ) {
      const inserted = await trx
        .insertInto('alert_deliveries')
        .values({
          volunteer_id: row.volunteerId,
          channel: row.channel,
          report_id: row.reportId,
          created_at: row.now,
          batched_at: row.batched ? row.now : null,
        })
        .onConflict((oc) => oc.columns(['volunteer_id', 'channel', 'report_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** The reports waiting in the volunteer's window, oldest first; they are marked as sent with it. */
    async takeWaiting(trx: Db, volunteerId: number, channel: InstantChannel, now: string) {
      const waiting = await trx
        .selectFrom('alert_deliveries')
        .innerJoin('reports', 'reports.id', 'alert_deliveries.report_id')
        .select(reportColumns)
        .where('alert_deliveries.volunteer_id', '=', volunteerId)
        .where('alert_deliveries.channel', '=', channel)
        .where('alert_deliveries.batched_at', 'is', null)
        .orderBy('reports.reported_at')
        .orderBy('reports.id')
        .execute();
      await trx
        .updateTable('alert_deliveries')
        .set({ batched_at: now })
        .where('volunteer_id', '=', volunteerId)
        .where('channel', '=', channel)
        .where('batched_at', 'is', null)
        .execute();
      return waiting;
    },

    /** Open reports from `since` to `until` not yet in one of the volunteer's digests, oldest first. */
    newForDigest(volunteerId: number, since: string, until: string, limit: number) {
      return db
        .selectFrom('reports')
        .select(reportColumns)
        .where('reports.status', '=', 'reported')
        .where('reports.reported_at', '>', since)
        .where('reports.reported_at', '<=', until)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('alert_deliveries')
                .select('alert_deliveries.id')
                .whereRef('alert_deliveries.report_id', '=', 'reports.id')
                .where('alert_deliveries.volunteer_id', '=', volunteerId)
                .where('alert_deliveries.channel', '=', 'digest'),
            ),
          ),
        )
        .orderBy('reports.reported_at')
        .orderBy('reports.id')
        .limit(limit)
        .execute();
    },

    async pruneDeliveries(before: string): Promise<void> {
      await db
        .deleteFrom('alert_deliveries')
        .where('created_at', '<', before)
        .where('batched_at', 'is not', null)
        .execute();
    },

    async summary() {
      const row = await db
        .selectFrom('alert_preferences')
        .select((eb) => {
          const pushOn = eb.and([eb('push', '=', 1), eb(devicesOf, '>', 0)]);
          const countOf = (when: Expression<SqlBool>) =>
            eb.fn.sum<string | number | null>(eb.case().when(when).then(1).else(0).end());
          return [
            countOf(pushOn).as('push'),
            countOf(eb('email', '=', 'instant')).as('instant'),
            countOf(eb('email', '=', 'daily')).as('daily'),
            countOf(eb.or([eb('email', '!=', 'off'), pushOn])).as('any'),
          ];
        })
        .executeTakeFirstOrThrow();
      const pushDevices = await countOf(
        db
          .selectFrom('push_subscriptions')
          .innerJoin('alert_preferences', 'alert_preferences.volunteer_id', 'push_subscriptions.volunteer_id')
          .where('alert_preferences.push', '=', 1),
      );
      return {
        push: Number(row.push ?? 0),
        pushDevices,
        emailInstant: Number(row.instant ?? 0),
        emailDaily: Number(row.daily ?? 0),
        anyAlert: Number(row.any ?? 0),
      };
    },
  };
}

/** How many devices the volunteer of an alert_preferences row has. */
const devicesOf = sql<number>`(select count(*) from push_subscriptions ps where ps.volunteer_id = alert_preferences.volunteer_id)`;

function recipients(db: Db) {
  return db
    .selectFrom('alert_preferences')
    .innerJoin('volunteers', 'volunteers.id', 'alert_preferences.volunteer_id')
    .selectAll('alert_preferences')
    .select(['volunteers.email as email_address', 'volunteers.name', devicesOf.as('devices')])
    .orderBy('alert_preferences.volunteer_id');
}

export type AlertsRepository = ReturnType<typeof alertsRepository>;
