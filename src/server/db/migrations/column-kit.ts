// Column types chosen per dialect in one place, so every migration runs unchanged on SQLite and PostgreSQL.
import { sql, type ColumnDefinitionBuilder, type Expression } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export interface ColumnKit {
  dialect: Dialect;
  idType: 'integer';
  id(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  timestamp: Expression<unknown> | 'text';
  double: Expression<unknown> | 'real';
}

export function columnKit(dialect: Dialect): ColumnKit {
  if (dialect === 'postgres') {
    return {
      dialect,
      idType: 'integer',
      id: (c) => c.primaryKey().generatedByDefaultAsIdentity(),
      timestamp: sql`timestamptz`,
      double: sql`double precision`,
    };
  }
  return {
    dialect,
    idType: 'integer',
    id: (c) => c.primaryKey().autoIncrement(),
    timestamp: 'text',
    double: 'real',
  };
}
