import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Rows of a raw `execute`: both drivers (pg, PGlite) answer with `{ rows }`. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Timestamps go to SQL as ISO text so both drivers send the same thing. */
export const tsParam = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A comma list of numeric ids for `IN (...)`. */
export const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** A timestamptz column as ISO text with milliseconds, parsed the same on both drivers. */
export const isoText = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
