// Applies the migrations in order, once each, recorded in Kysely's own migration table.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { columnKit, type Dialect } from './migrations/column-kit.ts';
import * as initial from './migrations/001-initial.ts';

type DialectMigration = { up(db: Kysely<unknown>, kit: ReturnType<typeof columnKit>): Promise<void> };

const migrations: Record<string, DialectMigration> = {
  '001-initial': initial,
};

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const kit = columnKit(dialect);
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) out[name] = { up: (d) => m.up(d, kit) };
      return out;
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
