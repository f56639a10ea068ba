import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, userMerchants } from '../../db/schema/index.ts';

export interface MerchantScope {
  /** undefined: every company (staff); otherwise only these ids. */
  ids?: string[];
  namePattern?: string;
}

function where(scope: MerchantScope): SQL | undefined {
  return and(
    eq(merchants.status, 1),
    scope.ids
      ? inArray(merchants.id, scope.ids.length ? scope.ids : ['00000000-0000-0000-0000-000000000000'])
      : undefined,
    scope.namePattern ? ilike(merchants.name, scope.namePattern) : undefined,
  );
}

export async function listMerchants(db: DbOrTx, scope: MerchantScope, page: number, rows: number) {
  return db
    .select()
    .from(merchants)
    .where(where(scope))
    .orderBy(asc(merchants.name), asc(merchants.id))
    .limit(rows)
    .offset((page - 1) * rows);
}

export async function countMerchants(db: DbOrTx, scope: MerchantScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(merchants).where(where(scope));
  return row?.n ?? 0;
}

export async function insertMerchant(db: DbOrTx, row: typeof merchants.$inferInsert) {
  const [m] = await db.insert(merchants).values(row).returning({ id: merchants.id });
  if (!m) throw new Error('merchant insert returned nothing');
  return m;
}

export async function findMerchant(db: DbOrTx, id: string) {
  const [m] = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.id, id), eq(merchants.status, 1)));
  return m;
}

export async function memberMerchantIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userMerchants.merchantId })
    .from(userMerchants)
    .where(and(eq(userMerchants.userId, userId), eq(userMerchants.status, 1)));
  return rows.map((r) => r.id);
}

/** The settings columns the settings area changes (IP white list, postback URLs). */
export async function updateMerchantSettings(
  db: DbOrTx,
  id: string,
  patch: { ipWhitelist?: string[]; postbackUrls?: Record<string, string> },
) {
  const [m] = await db.update(merchants).set(patch).where(eq(merchants.id, id)).returning();
  return m;
}

/** Names of companies by id (any status), for lists that show whose entry a row is. */
export async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(inArray(merchants.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Ids of every live company (jobs that sweep all companies). */
export async function activeMerchantIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.status, 1));
  return rows.map((r) => r.id);
}
