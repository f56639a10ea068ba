import type { PaymentRequestStatus } from '@portal/domain';
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  merchants,
  paymentRequestPayins,
  paymentRequests,
  payments,
  vaGroups,
  virtualAccounts,
} from '../../db/schema/index.ts';

export type RequestRow = typeof paymentRequests.$inferSelect;
export type NewRequest = typeof paymentRequests.$inferInsert;

export async function serviceCodeOf(db: DbOrTx, merchantId: string) {
  const [m] = await db
    .select({ serviceCode: merchants.serviceCode, name: merchants.name, platform: merchants.platform })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return m;
}

export async function insertRequest(db: DbOrTx, row: NewRequest): Promise<RequestRow> {
  const [r] = await db.insert(paymentRequests).values(row).returning();
  if (!r) throw new Error('payment request not inserted');
  return r;
}

export async function findRequest(db: DbOrTx, id: string, merchantId: string) {
  const [r] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.merchantId, merchantId)));
  return r;
}

/** Row lock of a request; `merchantId` null for the rail's side (matching by reference). */
export async function lockRequest(db: DbOrTx, id: string, merchantId: string | null) {
  const where = merchantId
    ? and(eq(paymentRequests.id, id), eq(paymentRequests.merchantId, merchantId))
    : eq(paymentRequests.id, id);
  const [r] = await db.select().from(paymentRequests).where(where).for('update');
  return r;
}

export async function findByToken(db: DbOrTx, token: string) {
  const [r] = await db.select().from(paymentRequests).where(eq(paymentRequests.token, token));
  return r;
}

export async function lockByReference(db: DbOrTx, reference: string, merchantId: string) {
  const [r] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.paymentReference, reference), eq(paymentRequests.merchantId, merchantId)))
    .for('update');
  return r;
}

export async function updateRequest(db: DbOrTx, id: string, patch: Partial<NewRequest>): Promise<RequestRow> {
  const [r] = await db.update(paymentRequests).set(patch).where(eq(paymentRequests.id, id)).returning();
  if (!r) throw new Error('payment request vanished');
  return r;
}

export interface ListQuery {
  merchantId: string;
  status?: PaymentRequestStatus;
  currency?: string;
  search?: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page in SQL (limit/offset on the merchant + created index) and the total of the same filter. */
export async function listRequests(db: DbOrTx, q: ListQuery) {
  const like = q.search ? `%${q.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(paymentRequests.merchantId, q.merchantId),
    q.status ? eq(paymentRequests.status, q.status) : undefined,
    q.currency ? eq(paymentRequests.currency, q.currency) : undefined,
    like
      ? or(
          ilike(paymentRequests.reference, like),
          ilike(paymentRequests.paymentReference, like),
          ilike(paymentRequests.customerName, like),
          ilike(paymentRequests.customerEmail, like),
        )
      : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentRequests)
      .where(where)
      .orderBy(dir(paymentRequests.createdAt), dir(paymentRequests.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(paymentRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const liveRefund = sql<boolean>`EXISTS (SELECT 1 FROM payments r WHERE r.original_payment_id = ${payments.id}
  AND r.transaction_type = 'refund' AND r.status NOT IN ('declined', 'canceled', 'rejected', 'expired', 'returned'))`;

export async function payinsOf(db: DbOrTx, requestId: string) {
  return db
    .select({
      paymentId: paymentRequestPayins.paymentId,
      amount: paymentRequestPayins.amount,
      matchedBy: paymentRequestPayins.matchedBy,
      late: paymentRequestPayins.late,
      matchedAt: paymentRequestPayins.matchedAt,
      currency: payments.currency,
      payerName: payments.payeeName,
      payerIban: payments.counterpartyIban,
      status: payments.status,
      refunded: liveRefund,
    })
    .from(paymentRequestPayins)
    .innerJoin(payments, eq(payments.id, paymentRequestPayins.paymentId))
    .where(eq(paymentRequestPayins.requestId, requestId))
    .orderBy(asc(paymentRequestPayins.matchedAt), asc(paymentRequestPayins.paymentId));
}

export async function insertMatch(db: DbOrTx, row: typeof paymentRequestPayins.$inferInsert) {
  const [r] = await db.insert(paymentRequestPayins).values(row).onConflictDoNothing().returning();
  return r;
}

/** Settled pay-ins of the company in a currency that no request has taken (newest first). */
export async function unmatchedPayins(db: DbOrTx, merchantId: string, currency: string, limit = 50) {
  return db
    .select({
      paymentId: payments.id,
      amount: payments.amount,
      currency: payments.currency,
      payerName: payments.payeeName,
      payerIban: payments.counterpartyIban,
      refunded: liveRefund,
    })
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, merchantId),
        eq(payments.direction, 'inbound'),
        eq(payments.transactionType, 'payin'),
        eq(payments.status, 'settled'),
        eq(payments.currency, currency),
        sql`NOT EXISTS (SELECT 1 FROM payment_request_payins m WHERE m.payment_id = ${payments.id})`,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

export async function lockPayin(db: DbOrTx, paymentId: string, merchantId: string) {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.merchantId, merchantId)))
    .for('update');
  return p;
}

export async function dueForExpiry(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(
      and(inArray(paymentRequests.status, ['open', 'partially_paid']), lte(paymentRequests.expiresAt, now)),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

function rowsOf<T>(r: unknown): T[] {
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
}

/** The company's active top-level wallet holding `currency`, with its first active IBAN. */
export async function collectionWallet(db: DbOrTx, merchantId: string, currency: string) {
  const r = await db.execute(sql`
    SELECT w.id::text AS id, i.iban AS iban
    FROM wallets w
    JOIN ledger_accounts a ON a.wallet_id = w.id AND a.kind = 'wallet' AND a.currency = ${currency}
    LEFT JOIN LATERAL (
      SELECT iban FROM wallet_ibans WHERE wallet_id = w.id AND status = 1 ORDER BY created_at, id LIMIT 1
    ) i ON true
    WHERE w.merchant_id = ${merchantId} AND w.status = 1 AND w.parent_id IS NULL
    ORDER BY w.id LIMIT 1`);
  const [row] = rowsOf<{ id: string; iban: string | null }>(r);
  return row ? { id: Number(row.id), iban: row.iban } : undefined;
}

export async function ibanOfWallet(db: DbOrTx, walletId: number): Promise<string | null> {
  const r = await db.execute(sql`
    SELECT iban FROM wallet_ibans WHERE wallet_id = ${walletId} AND status = 1 ORDER BY created_at, id LIMIT 1`);
  return rowsOf<{ iban: string }>(r)[0]?.iban ?? null;
}

export interface RequestVaRow {
  id: number;
  merchantId: string;
  walletId: number;
  number: string;
  iban: string | null;
  sortCode: string | null;
  accNumber: string;
  customerName: string;
  status: 'active' | 'disabled' | 'closed';
  bic: string;
}

const vaColumns = {
  id: virtualAccounts.id,
  merchantId: virtualAccounts.merchantId,
  walletId: virtualAccounts.walletId,
  number: virtualAccounts.number,
  iban: virtualAccounts.iban,
  sortCode: virtualAccounts.sortCode,
  accNumber: virtualAccounts.accNumber,
  customerName: virtualAccounts.clientCustomerName,
  status: virtualAccounts.status,
  bic: vaGroups.bic,
};

/** A virtual account of the company (null for an unknown id or another company's VA). */
export async function companyVa(
  db: DbOrTx,
  id: number,
  merchantId: string,
): Promise<RequestVaRow | undefined> {
  const [v] = await db
    .select(vaColumns)
    .from(virtualAccounts)
    .innerJoin(vaGroups, eq(vaGroups.id, virtualAccounts.groupId))
    .where(and(eq(virtualAccounts.id, id), eq(virtualAccounts.merchantId, merchantId)));
  return v;
}

export async function vasByIds(db: DbOrTx, ids: number[]): Promise<RequestVaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(vaColumns)
    .from(virtualAccounts)
    .innerJoin(vaGroups, eq(vaGroups.id, virtualAccounts.groupId))
    .where(inArray(virtualAccounts.id, ids));
}

/** Whether the wallet (active, top level) holds a ledger account in the currency. */
export async function walletHoldsCurrency(db: DbOrTx, walletId: number, currency: string): Promise<boolean> {
  const r = await db.execute(sql`
    SELECT 1 FROM wallets w
    JOIN ledger_accounts a ON a.wallet_id = w.id AND a.kind = 'wallet' AND a.currency = ${currency}
    WHERE w.id = ${walletId} AND w.status = 1 LIMIT 1`);
  return rowsOf(r).length > 0;
}

/** The VA's id by its number (the pay-in's requisites carry the number). */
export async function vaIdByNumber(db: DbOrTx, number: string, merchantId: string) {
  const [v] = await db
    .select({ id: virtualAccounts.id })
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.number, number), eq(virtualAccounts.merchantId, merchantId)));
  return v?.id;
}

/** Payable requests on a VA in a currency, locked (oldest first; at most `limit`). */
export async function lockPayableOnVa(db: DbOrTx, vaId: number, currency: string, limit = 2) {
  return db
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.virtualAccountId, vaId),
        eq(paymentRequests.currency, currency),
        inArray(paymentRequests.status, ['open', 'partially_paid']),
      ),
    )
    .orderBy(asc(paymentRequests.createdAt), asc(paymentRequests.id))
    .limit(limit)
    .for('update');
}

/** The company's active VAs on active wallets holding the currency (newest first, at most 200). */
export async function activeVasFor(
  db: DbOrTx,
  merchantId: string,
  currency: string,
): Promise<RequestVaRow[]> {
  return db
    .select(vaColumns)
    .from(virtualAccounts)
    .innerJoin(vaGroups, eq(vaGroups.id, virtualAccounts.groupId))
    .where(
      and(
        eq(virtualAccounts.merchantId, merchantId),
        eq(virtualAccounts.status, 'active'),
        sql`EXISTS (SELECT 1 FROM wallets w JOIN ledger_accounts a ON a.wallet_id = w.id
          AND a.kind = 'wallet' AND a.currency = ${currency}
          WHERE w.id = ${virtualAccounts.walletId} AND w.status = 1)`,
      ),
    )
    .orderBy(desc(virtualAccounts.createdAt), desc(virtualAccounts.id))
    .limit(200);
}
