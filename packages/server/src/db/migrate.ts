import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Advisory lock key so several server processes starting at once migrate one at a time. */
const MIGRATION_LOCK = 7_302_114;

/**
 * Applies `migrations/NNNN_name.sql` in name order, each once, each in its own transaction.
 * Plain SQL files (not drizzle-kit's journal) so areas built in parallel add files without
 * conflicting; see docs/decisions.md.
 */
export function migrate(database: Database): Promise<string[]> {
  return database.pinned((conn) => migrateOn(conn, database.driver));
}

async function migrateOn(
  database: Pick<Database, 'exec' | 'query'>,
  driver: Database['driver'],
): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  if (driver === 'pg') await database.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  const applied: string[] = [];
  try {
    const done = new Set(
      (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const body = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      const name = file.replace(/'/g, "''");
      await database.exec(
        `BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`,
      );
      applied.push(file);
    }
  } catch (err) {
    await database.exec('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    if (driver === 'pg') await database.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
  return applied;
}
