import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardingAccounts, boardingComments, boardingContacts } from '../../db/schema/index.ts';

export async function insertAccount(db: DbOrTx, row: typeof boardingAccounts.$inferInsert) {
  const [a] = await db.insert(boardingAccounts).values(row).returning();
  if (!a) throw new Error('boarding account insert returned nothing');
  return a;
}

/** The boarding contact (bc) a new record starts with. */
export async function insertContact(db: DbOrTx, row: typeof boardingContacts.$inferInsert) {
  await db.insert(boardingContacts).values(row);
}

export async function insertComment(db: DbOrTx, row: typeof boardingComments.$inferInsert) {
  await db.insert(boardingComments).values(row);
}

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
