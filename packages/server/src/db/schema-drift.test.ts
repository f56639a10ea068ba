import { randomUUID } from 'node:crypto';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import * as schema from './schema/index.ts';

/**
 * The SQL migrations are what the database is; the Drizzle schema is what the code believes it is.
 * This test migrates a fresh database and compares the two, table by table, so a migration that
 * adds a column without its Drizzle mirror (or a Drizzle column no migration creates) fails here
 * instead of at run time.
 */

/**
 * Tables the migrations create that have no Drizzle mirror on purpose; every one is read and written
 * with raw SQL only. A table missing from both lists below fails the test.
 */
const UNMAPPED_TABLES: Record<string, string> = {
  schema_migrations: 'bookkeeping of db/migrate.ts, read with raw SQL before any Drizzle query runs',
};

type ColumnRow = {
  table_name: string;
  column_name: string;
  sql_type: string;
  not_null: boolean;
  has_default: boolean;
  is_identity: boolean;
};

type IndexRow = {
  table_name: string;
  index_name: string;
  is_unique: boolean;
  is_primary: boolean;
  has_predicate: boolean;
  /** Column names in key order; an expression key is `(expr)`. */
  columns: string[];
};

type DbColumn = { type: string; notNull: boolean; hasDefault: boolean };
type DbTable = { columns: Map<string, DbColumn>; indexes: IndexRow[] };

/** `numeric(20, 8)` and `numeric(20,8)` are one type; serials are integers with a default. */
function normaliseType(type: string): string {
  const t = type.toLowerCase().replace(/,\s+/g, ',').trim();
  const serials: Record<string, string> = { bigserial: 'bigint', serial: 'integer', smallserial: 'smallint' };
  return serials[t] ?? t;
}

async function readDatabase(database: Database): Promise<Map<string, DbTable>> {
  const columns = await database.query<ColumnRow>(`
    SELECT c.relname AS table_name, a.attname AS column_name,
           format_type(a.atttypid, a.atttypmod) AS sql_type, a.attnotnull AS not_null,
           (a.atthasdef OR a.attidentity <> '') AS has_default, a.attidentity <> '' AS is_identity
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
       AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`);
  const indexes = await database.query<IndexRow>(`
    SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS is_unique,
           x.indisprimary AS is_primary, x.indpred IS NOT NULL AS has_predicate,
           ARRAY(
             SELECT CASE WHEN k.attnum = 0 THEN '(expr)' ELSE a.attname::text END
               FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
               LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
              WHERE k.ord <= x.indnkeyatts
              ORDER BY k.ord
           ) AS columns
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = current_schema()`);
  const tables = new Map<string, DbTable>();
  const table = (name: string) => {
    const found = tables.get(name);
    if (found) return found;
    const created: DbTable = { columns: new Map(), indexes: [] };
    tables.set(name, created);
    return created;
  };
  for (const c of columns.rows) {
    table(c.table_name).columns.set(c.column_name, {
      type: normaliseType(c.sql_type),
      notNull: c.not_null,
      hasDefault: c.has_default,
    });
  }
  for (const i of indexes.rows) table(i.table_name).indexes.push(i);
  return tables;
}

/** What the Drizzle schema declares about one column's database default. */
function drizzleHasDbDefault(col: PgColumn): boolean {
  const type = col.getSQLType().toLowerCase();
  // `$defaultFn` / `$onUpdate` values are made by the client, so they need no database default.
  return col.default !== undefined || type.endsWith('serial') || col.generatedIdentity !== undefined;
}

function drizzleTables(): PgTable[] {
  const values: unknown[] = Object.values(schema);
  return values.filter((v): v is PgTable => is(v, PgTable));
}

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((c, i) => c === b[i]);

/** Every difference between the migrated database and the Drizzle schema, one readable line each. */
function compareSchema(db: Map<string, DbTable>, tables: PgTable[]): string[] {
  const drift: string[] = [];
  const mapped = new Set<string>();
  for (const table of tables) {
    const config = getTableConfig(table);
    const name = config.name;
    mapped.add(name);
    const actual = db.get(name);
    if (!actual) {
      drift.push(`${name}: table is in the Drizzle schema but no migration creates it`);
      continue;
    }
    const declared = new Set<string>();
    for (const col of config.columns) {
      declared.add(col.name);
      const where = `${name}.${col.name}`;
      const real = actual.columns.get(col.name);
      if (!real) {
        drift.push(`${where}: column is in the Drizzle schema but not in the database`);
        continue;
      }
      const type = normaliseType(col.getSQLType());
      if (type !== real.type) drift.push(`${where}: Drizzle type ${type}, database type ${real.type}`);
      if (col.notNull !== real.notNull) {
        drift.push(
          `${where}: Drizzle ${col.notNull ? 'NOT NULL' : 'nullable'}, database ${real.notNull ? 'NOT NULL' : 'nullable'}`,
        );
      }
      const drizzleDefault = drizzleHasDbDefault(col);
      if (drizzleDefault && !real.hasDefault) {
        drift.push(`${where}: Drizzle declares a default, the database has none (inserts would fail)`);
      } else if (!drizzleDefault && real.hasDefault && col.defaultFn === undefined) {
        drift.push(`${where}: the database has a default, the Drizzle schema declares none`);
      }
    }
    for (const column of actual.columns.keys()) {
      if (!declared.has(column))
        drift.push(`${name}.${column}: column is in the database but not in the Drizzle schema`);
    }

    // Primary key: a column's .primaryKey() or the table's primaryKey({ columns }).
    const pkColumns =
      config.primaryKeys[0]?.columns.map((c) => c.name) ??
      config.columns.filter((c) => c.primary).map((c) => c.name);
    const realPk = actual.indexes.find((i) => i.is_primary);
    if (!sameColumns(pkColumns, realPk?.columns ?? [])) {
      drift.push(
        `${name}: primary key in Drizzle (${pkColumns.join(', ') || 'none'}), in the database (${realPk?.columns.join(', ') ?? 'none'})`,
      );
    }

    // Unique constraints (column .unique() or unique()): a plain unique index on the same columns.
    const uniques = [
      ...config.columns.filter((c) => c.isUnique).map((c) => [c.name]),
      ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name)),
    ];
    for (const cols of uniques) {
      const found = actual.indexes.some(
        (i) => i.is_unique && !i.is_primary && !i.has_predicate && sameColumns(i.columns, cols),
      );
      if (!found)
        drift.push(
          `${name}: Drizzle declares UNIQUE (${cols.join(', ')}), the database has no such constraint`,
        );
    }

    // And the reverse: every unique constraint or unique index of the database is declared in
    // Drizzle, so conflict targets and the schema's reader see it. A plain one may be a column's
    // .unique() or unique().on(…); a partial or expression one is a uniqueIndex of the same name.
    for (const real of actual.indexes) {
      if (!real.is_unique || real.is_primary) continue;
      const plain = !real.has_predicate && !real.columns.includes('(expr)');
      const declaredHere =
        (plain && uniques.some((cols) => sameColumns(cols, real.columns))) ||
        config.indexes.some((i) => i.config.name === real.index_name);
      if (!declaredHere) {
        drift.push(
          `${name}: the database has UNIQUE (${real.columns.join(', ')})${real.has_predicate ? ' WHERE …' : ''} (${real.index_name}), the Drizzle schema does not declare it`,
        );
      }
    }

    // Indexes declared in Drizzle: one of that name, uniqueness, key columns and partialness.
    for (const index of config.indexes) {
      const indexName = index.config.name ?? '(unnamed)';
      const real = actual.indexes.find((i) => i.index_name === indexName);
      if (!real) {
        drift.push(`${name}: Drizzle declares index ${indexName}, the database has none of that name`);
        continue;
      }
      const cols = index.config.columns.map((c) => (is(c, IndexedColumn) ? (c.name ?? '(expr)') : '(expr)'));
      if (!sameColumns(cols, real.columns)) {
        drift.push(
          `${name}: index ${indexName} is on (${cols.join(', ')}) in Drizzle, (${real.columns.join(', ')}) in the database`,
        );
      }
      if (index.config.unique !== real.is_unique) {
        drift.push(
          `${name}: index ${indexName} is ${index.config.unique ? '' : 'not '}unique in Drizzle but ${real.is_unique ? '' : 'not '}in the database`,
        );
      }
      if (is(index.config.where, SQL) !== real.has_predicate) {
        drift.push(
          `${name}: index ${indexName} is ${real.has_predicate ? '' : 'not '}partial in the database but ${index.config.where ? '' : 'not '}in Drizzle`,
        );
      }
    }
  }
  for (const name of db.keys()) {
    if (!mapped.has(name) && !(name in UNMAPPED_TABLES)) {
      drift.push(
        `${name}: table is in the database but not in the Drizzle schema (map it, or list it in UNMAPPED_TABLES with the reason)`,
      );
    }
  }
  for (const name of Object.keys(UNMAPPED_TABLES)) {
    if (mapped.has(name)) drift.push(`${name}: listed in UNMAPPED_TABLES but the Drizzle schema maps it`);
    else if (!db.has(name)) drift.push(`${name}: listed in UNMAPPED_TABLES but no migration creates it`);
  }
  return drift;
}

describe('SQL migrations and the Drizzle schema', () => {
  let database: Database;
  let pgSchema: string | undefined;
  let actual: Map<string, DbTable>;

  beforeAll(async () => {
    const url = testConfig().databaseUrl;
    if (url?.startsWith('postgres')) {
      pgSchema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const admin = await openDatabase({ url, dataDir: '', poolSize: 1 });
      await admin.exec(`CREATE SCHEMA ${pgSchema}`);
      await admin.close();
      database = await openDatabase({ url, dataDir: '', searchPath: pgSchema, poolSize: 2 });
    } else {
      database = await openDatabase({ url: 'memory://', dataDir: '' });
    }
    await migrate(database);
    actual = await readDatabase(database);
  });

  afterAll(async () => {
    if (pgSchema) await database?.exec(`DROP SCHEMA ${pgSchema} CASCADE`);
    await database?.close();
  });

  it('has every table, column, type, nullability, default, key and declared index the same', () => {
    expect(compareSchema(actual, drizzleTables())).toEqual([]);
  });

  it('catches a drift: a database column the schema lacks, a wrong type, a lost key, an undeclared unique index, a stray table', () => {
    // A copy of the migrated users table with one extra column, one changed type and no indexes.
    const users = actual.get('users');
    expect(users).toBeDefined();
    const copy = new Map(actual);
    const columns = new Map(users?.columns);
    columns.set('nickname', { type: 'text', notNull: false, hasDefault: false });
    columns.set('failed_attempts', { type: 'bigint', notNull: true, hasDefault: true });
    const stray: IndexRow = {
      table_name: 'users',
      index_name: 'users_nickname_uq',
      is_unique: true,
      is_primary: false,
      has_predicate: true,
      columns: ['nickname'],
    };
    copy.set('users', { columns, indexes: [...(users?.indexes ?? []).filter((i) => !i.is_primary), stray] });
    copy.set('stray_table', { columns: new Map(), indexes: [] });
    expect(compareSchema(copy, drizzleTables())).toEqual(
      expect.arrayContaining([
        'users.failed_attempts: Drizzle type integer, database type bigint',
        'users.nickname: column is in the database but not in the Drizzle schema',
        'users: primary key in Drizzle (id), in the database (none)',
        'users: the database has UNIQUE (nickname) WHERE … (users_nickname_uq), the Drizzle schema does not declare it',
        'stray_table: table is in the database but not in the Drizzle schema (map it, or list it in UNMAPPED_TABLES with the reason)',
      ]),
    );
  });
});
