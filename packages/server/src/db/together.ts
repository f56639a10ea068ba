import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Runs independent writes as ONE statement: all but the last become data-modifying CTEs (each runs
 * exactly once, none sees the others' rows) and the last is the main statement. A payment change's
 * history event, postback and notices are three such writes: one round trip instead of three.
 * Undefined entries (nothing to write) are skipped.
 */
export async function executeTogether(db: DbOrTx, statements: readonly (SQL | undefined)[]): Promise<void> {
  const writes = statements.filter((s): s is SQL => s !== undefined);
  const last = writes.pop();
  if (!last) return;
  if (writes.length === 0) {
    await db.execute(last);
    return;
  }
  const ctes = sql.join(
    writes.map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w})`),
    sql`, `,
  );
  await db.execute(sql`WITH ${ctes} ${last}`);
}
