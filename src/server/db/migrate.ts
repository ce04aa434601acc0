// Applies the migrations in order, once each, recorded in Kysely's own migration table.
import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { columnKit, type Dialect } from './migrations/column-kit.ts';
import * as initial from './migrations/001-initial.ts';
import * as alerts from './migrations/004-alerts.ts';
import * as reportList from './migrations/010-report-list.ts';
import * as reportListState from './migrations/010-report-list-state.ts';
import * as reportSearch from './migrations/010-report-search.ts';
import * as reporterFollowUp from './migrations/014-reporter-follow-up.ts';
import * as locationCheck from './migrations/013-location-check.ts';
import * as eventRsvps from './migrations/016-event-rsvps.ts';
import * as privacy from './migrations/017-privacy.ts';
import * as reportListPriority from './migrations/018-report-list-priority.ts';
import * as nearestSite from './migrations/019-nearest-site.ts';
import * as limitCounters from './migrations/020-limit-counters.ts';
import * as reportListNotify from './migrations/021-report-list-notify.ts';
import * as nearestSiteKnn from './migrations/030-nearest-site-knn.ts';
import * as openSiteCounts from './migrations/031-open-site-counts.ts';
import * as reportListReads from './migrations/035-report-list-reads.ts';
import * as openSitesRtree from './migrations/036-open-sites-rtree.ts';
import * as nearestSiteKnnCovering from './migrations/037-nearest-site-knn-covering.ts';
import * as reporterStatusLinks from './migrations/038-reporter-status-links.ts';
import * as siteTwins from './migrations/040-site-twins.ts';
import * as eventCalendars from './migrations/041-event-calendars.ts';
import * as eventCreators from './migrations/042-event-creators.ts';
import * as abuseLimits from './migrations/043-abuse-limits.ts';
import * as stagedPhotos from './migrations/044-staged-photos.ts';
import * as open311Partners from './migrations/046-open311-partners.ts';
import * as serviceLevels from './migrations/047-service-levels.ts';
import * as volunteerRecord from './migrations/048-volunteer-record.ts';
import * as safetyAndConsent from './migrations/049-safety-and-consent.ts';
import * as meToo from './migrations/050-me-too.ts';
import * as sites from './migrations/051-sites.ts';
import * as referralUpdates from './migrations/052-referral-updates.ts';
import * as ownerConsentAwaiting from './migrations/053-owner-consent-awaiting.ts';
import * as reportListStatePerStatement from './migrations/054-report-list-state-per-statement.ts';

type DialectMigration = { up(db: Kysely<unknown>, kit: ReturnType<typeof columnKit>): Promise<void> };

const migrations: Record<string, DialectMigration> = {
  '001-initial': initial,
  '004-alerts': alerts,
  '010-report-list': reportList,
  '010-report-list-state': reportListState,
  '010-report-search': reportSearch,
  '014-reporter-follow-up': reporterFollowUp,
  '013-location-check': locationCheck,
  '016-event-rsvps': eventRsvps,
  '017-privacy': privacy,
  '018-report-list-priority': reportListPriority,
  '019-nearest-site': nearestSite,
  '020-limit-counters': limitCounters,
  '021-report-list-notify': reportListNotify,
  '030-nearest-site-knn': nearestSiteKnn,
  '031-open-site-counts': openSiteCounts,
  '035-report-list-reads': reportListReads,
  '036-open-sites-rtree': openSitesRtree,
  '037-nearest-site-knn-covering': nearestSiteKnnCovering,
  '038-reporter-status-links': reporterStatusLinks,
  '040-site-twins': siteTwins,
  '041-event-calendars': eventCalendars,
  '042-event-creators': eventCreators,
  '043-abuse-limits': abuseLimits,
  '044-staged-photos': stagedPhotos,
  '046-open311-partners': open311Partners,
  '047-service-levels': serviceLevels,
  '048-volunteer-record': volunteerRecord,
  '049-safety-and-consent': safetyAndConsent,
  '050-me-too': meToo,
  '051-sites': sites,
  '052-referral-updates': referralUpdates,
  '053-owner-consent-awaiting': ownerConsentAwaiting,
  '054-report-list-state-per-statement': reportListStatePerStatement,
};

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const { error, results } = await (await migratorFor(db, dialect)).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The migrations this code knows that the database has not applied yet (none once it is current).
 * Read straight from the migration table of this database (or schema), without listing tables.
 */
export async function pendingMigrations(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const table = DEFAULT_MIGRATION_TABLE;
  type Found = { found: boolean | number };
  const presence =
    dialect === 'postgres'
      ? sql<Found>`select to_regclass(${table}) is not null as found`
      : sql<Found>`select count(*) > 0 as found from sqlite_master where type = 'table' and name = ${table}`;
  const present = Boolean((await presence.execute(db)).rows[0]?.found);
  const applied = present ? (await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db)).rows : [];
  const names = new Set(applied.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !names.has(name));
}

async function migratorFor(db: Kysely<unknown>, dialect: Dialect): Promise<Migrator> {
  // On PostgreSQL, Kysely looks for its migration tables across every schema unless told which one,
  // and would find another schema's copies (another test run, another app on the same server).
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const kit = columnKit(dialect);
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) out[name] = { up: (d) => m.up(d, kit) };
      return out;
    },
  };
  return new Migrator({
    db,
    provider,
    // Migrations are numbered by the piece of work that adds them, not by date: one with a lower
    // number than some already applied still runs (once) on an existing database.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}
