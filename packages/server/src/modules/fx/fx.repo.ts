import type { FxStatus } from '@portal/domain';
import { and, asc, count, desc, eq, gte, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fxEvents, fxExchanges, fxQuotes, fxTerms } from '../../db/schema/index.ts';

export type QuoteRow = typeof fxQuotes.$inferSelect;
export type ExchangeRow = typeof fxExchanges.$inferSelect;
export type NewExchange = typeof fxExchanges.$inferInsert;

export async function termsOf(db: DbOrTx, merchantId: string) {
  const [row] = await db.select().from(fxTerms).where(eq(fxTerms.merchantId, merchantId));
  return row;
}

export async function upsertTerms(
  db: DbOrTx,
  merchantId: string,
  spreadBps: number,
  cryptoSpreadBps: number,
) {
  await db
    .insert(fxTerms)
    .values({ merchantId, spreadBps, cryptoSpreadBps })
    .onConflictDoUpdate({ target: fxTerms.merchantId, set: { spreadBps, cryptoSpreadBps } });
}

export async function insertQuote(db: DbOrTx, row: typeof fxQuotes.$inferInsert): Promise<QuoteRow> {
  const [q] = await db.insert(fxQuotes).values(row).returning();
  if (!q) throw new Error('quote not inserted');
  return q;
}

export async function findQuote(db: DbOrTx, id: string, merchantId: string, userId: string) {
  const [q] = await db
    .select()
    .from(fxQuotes)
    .where(and(eq(fxQuotes.id, id), eq(fxQuotes.merchantId, merchantId), eq(fxQuotes.userId, userId)));
  return q;
}

/** Marks a quote used; false when another confirmation took it first. */
export async function claimQuote(tx: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(fxQuotes)
    .set({ usedAt: now })
    .where(and(eq(fxQuotes.id, id), isNull(fxQuotes.usedAt)))
    .returning({ id: fxQuotes.id });
  return rows.length === 1;
}

export async function insertExchange(tx: DbOrTx, row: NewExchange): Promise<ExchangeRow> {
  const [e] = await tx.insert(fxExchanges).values(row).returning();
  if (!e) throw new Error('exchange not inserted');
  return e;
}

export async function findExchange(db: DbOrTx, id: string, merchantId: string) {
  const [e] = await db
    .select()
    .from(fxExchanges)
    .where(and(eq(fxExchanges.id, id), eq(fxExchanges.merchantId, merchantId)));
  return e;
}

export async function lockExchange(tx: DbOrTx, id: string, merchantId?: string) {
  const where = merchantId
    ? and(eq(fxExchanges.id, id), eq(fxExchanges.merchantId, merchantId))
    : eq(fxExchanges.id, id);
  const [e] = await tx.select().from(fxExchanges).where(where).for('update');
  return e;
}

/** Compare-and-set on the status, so a stale click never overwrites a newer state. */
export async function updateFrom(
  tx: DbOrTx,
  id: string,
  from: FxStatus,
  patch: Partial<NewExchange>,
): Promise<ExchangeRow | undefined> {
  const [e] = await tx
    .update(fxExchanges)
    .set(patch)
    .where(and(eq(fxExchanges.id, id), eq(fxExchanges.status, from)))
    .returning();
  return e;
}

export async function setError(db: DbOrTx, id: string, error: string, now: Date) {
  await db.update(fxExchanges).set({ error, updatedAt: now }).where(eq(fxExchanges.id, id));
}

export async function insertEvent(tx: DbOrTx, row: typeof fxEvents.$inferInsert) {
  await tx.insert(fxEvents).values(row);
}

export interface ListFilter {
  merchantId: string;
  status?: FxStatus | undefined;
  settlement?: string | undefined;
  currency?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  order: 'asc' | 'desc';
}

function where(f: ListFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [eq(fxExchanges.merchantId, f.merchantId)];
  if (f.status) c.push(eq(fxExchanges.status, f.status));
  if (f.settlement) c.push(eq(fxExchanges.settlement, f.settlement as 'instant'));
  if (f.currency)
    c.push(or(eq(fxExchanges.sellCurrency, f.currency), eq(fxExchanges.buyCurrency, f.currency)));
  if (f.from) c.push(gte(fxExchanges.createdAt, f.from));
  if (f.to) c.push(lt(fxExchanges.createdAt, f.to));
  return and(...c);
}

export async function list(db: DbOrTx, f: ListFilter, limit: number, offset: number) {
  const order = f.order === 'asc' ? asc(fxExchanges.createdAt) : desc(fxExchanges.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(fxExchanges)
      .where(where(f))
      .orderBy(order, desc(fxExchanges.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(fxExchanges).where(where(f)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Booked exchanges whose value date has come (the settlement sweep). */
export async function dueBooked(db: DbOrTx, now: Date, limit = 100) {
  return db
    .select({ id: fxExchanges.id })
    .from(fxExchanges)
    .where(and(eq(fxExchanges.status, 'booked'), lte(fxExchanges.settleAfter, now)))
    .orderBy(asc(fxExchanges.settleAfter))
    .limit(limit);
}
