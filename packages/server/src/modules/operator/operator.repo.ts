import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardingAccounts } from '../../db/schema/index.ts';

// Reads of the operator console; new records and comments go through boarding's services.

/** One page of records, newest first; the name filter is a prefix match served by the lower(name) index. */
export async function listAccounts(
  db: DbOrTx,
  opts: { name?: string; state?: 'in_progress' | 'live'; limit: number; offset: number },
) {
  const where = and(
    opts.state ? eq(boardingAccounts.state, opts.state) : undefined,
    opts.name
      ? sql`lower(${boardingAccounts.name}) LIKE ${`${opts.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
  );
  const rows = await db
    .select()
    .from(boardingAccounts)
    .where(where)
    .orderBy(desc(boardingAccounts.createdAt), desc(boardingAccounts.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(boardingAccounts).where(where);
  return { rows, total: total?.n ?? 0 };
}
