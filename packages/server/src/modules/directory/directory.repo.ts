import { and, arrayContains, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { directoryEntries } from '../../db/schema/index.ts';

export type DirectoryRow = typeof directoryEntries.$inferSelect;
export type DirectoryValues = Omit<
  typeof directoryEntries.$inferInsert,
  'merchantId' | 'joinedAt' | 'updatedAt'
>;

export interface DirectoryQuery {
  /** LIKE pattern over name and description (already escaped, `%` wildcards). */
  pattern?: string;
  service?: string;
  country?: string;
  currency?: string;
  network?: string;
  /** Only this status; clients always ask for published entries. */
  status?: 'published' | 'hidden';
}

function whereOf(q: DirectoryQuery): SQL | undefined {
  const e = directoryEntries;
  return and(
    q.status ? eq(e.status, q.status) : undefined,
    q.pattern ? or(ilike(e.displayName, q.pattern), ilike(e.description, q.pattern)) : undefined,
    q.service ? arrayContains(e.services, [q.service]) : undefined,
    q.country ? arrayContains(e.countries, [q.country]) : undefined,
    q.currency ? arrayContains(e.currencies, [q.currency]) : undefined,
    q.network ? arrayContains(e.networks, [q.network]) : undefined,
  );
}

export async function listEntries(db: DbOrTx, q: DirectoryQuery, page: number, rows: number) {
  return db
    .select()
    .from(directoryEntries)
    .where(whereOf(q))
    .orderBy(asc(sql`lower(${directoryEntries.displayName})`), asc(directoryEntries.merchantId))
    .limit(rows)
    .offset((page - 1) * rows);
}

export async function countEntries(db: DbOrTx, q: DirectoryQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(directoryEntries).where(whereOf(q));
  return row?.n ?? 0;
}

export async function findEntry(db: DbOrTx, merchantId: string) {
  const [row] = await db.select().from(directoryEntries).where(eq(directoryEntries.merchantId, merchantId));
  return row;
}

/** Inserts the company's entry; undefined when it already has one (join twice, or two joins at once). */
export async function insertEntry(db: DbOrTx, merchantId: string, v: DirectoryValues, now: Date) {
  const [row] = await db
    .insert(directoryEntries)
    .values({ ...v, merchantId, joinedAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateEntry(db: DbOrTx, merchantId: string, v: Partial<DirectoryValues>, now: Date) {
  const [row] = await db
    .update(directoryEntries)
    .set({ ...v, updatedAt: now })
    .where(eq(directoryEntries.merchantId, merchantId))
    .returning();
  return row;
}

export async function deleteEntry(db: DbOrTx, merchantId: string) {
  const rows = await db
    .delete(directoryEntries)
    .where(eq(directoryEntries.merchantId, merchantId))
    .returning({ id: directoryEntries.merchantId });
  return rows.length === 1;
}
