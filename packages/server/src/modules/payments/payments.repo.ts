import { IN_FLIGHT_STATUSES, type PaymentMethod, type PaymentStatus } from '@portal/domain';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { merchantPaymentMethodSettings, paymentEvents, payments, users } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

const creator = alias(users, 'creator');
const approver = alias(users, 'approver');
const refunds = alias(payments, 'refunds');
const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;

/** A payment with the names of its maker and approver and whether a live refund exists. */
export const listColumns = {
  p: payments,
  createdByName: fullName(creator),
  approvedByName: fullName(approver),
  refunded: sql<boolean>`exists (select 1 from ${payments} ${refunds} where ${refunds.originalPaymentId} = ${payments.id}
    and ${refunds.status} not in ('declined','canceled','rejected','expired','returned'))`,
};
export type ListedPayment = {
  p: PaymentRow;
  createdByName: string | null;
  approvedByName: string | null;
  refunded: boolean;
};

export async function insertPayment(db: DbOrTx, row: NewPayment): Promise<PaymentRow> {
  const [p] = await db.insert(payments).values(row).returning();
  if (!p) throw new Error('payment not inserted');
  return p;
}

/** Locks one payment of a company (or of any company when `merchantId` is null: system jobs). */
export async function lockPayment(
  db: DbOrTx,
  id: string,
  merchantId: string | null,
): Promise<PaymentRow | undefined> {
  const where =
    merchantId === null ? eq(payments.id, id) : and(eq(payments.id, id), eq(payments.merchantId, merchantId));
  const [p] = await db.select().from(payments).where(where).for('update');
  return p;
}

/** The company's outbound payments among `ids`: what an approval confirmation shows and binds. */
export async function outboundOfCompany(
  db: DbOrTx,
  merchantId: string,
  ids: readonly string[],
): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.id, [...ids]),
        eq(payments.merchantId, merchantId),
        eq(payments.direction, 'outbound'),
      ),
    );
}

/** Changes a payment only if it is still in `from` (a guard beside the row lock). */
export async function updateFrom(
  db: DbOrTx,
  id: string,
  from: PaymentStatus,
  patch: Partial<NewPayment>,
): Promise<PaymentRow | undefined> {
  const [p] = await db
    .update(payments)
    .set(patch)
    .where(and(eq(payments.id, id), eq(payments.status, from)))
    .returning();
  return p;
}

export async function setError(db: DbOrTx, id: string, error: string, at: Date): Promise<void> {
  await db.update(payments).set({ error, updatedAt: at }).where(eq(payments.id, id));
}

/**
 * History events as one statement whatever their number (run by `executeTogether`): the rows
 * travel as one JSON parameter (a bulk chunk's 200 events would otherwise be 1,800 bound values).
 */
export function eventsInsert(events: readonly (typeof paymentEvents.$inferInsert)[]): SQL | undefined {
  if (events.length === 0) return undefined;
  const rows = events.map((e) => ({
    payment_id: e.paymentId,
    merchant_id: e.merchantId,
    direction: e.direction,
    event: e.event,
    from_status: e.fromStatus ?? null,
    status: e.status,
    actor_id: e.actorId ?? null,
    note: e.note ?? null,
    at: e.at,
  }));
  return sql`
    INSERT INTO payment_events (payment_id, merchant_id, direction, event, from_status, status, actor_id, note, at)
    SELECT payment_id, merchant_id, direction, event, from_status, status, actor_id, note, at
      FROM json_populate_recordset(NULL::payment_events, ${JSON.stringify(rows)}::json)`;
}

export async function findListed(
  db: DbOrTx,
  id: string,
  merchantId: string,
): Promise<ListedPayment | undefined> {
  const [row] = await baseSelect(db)
    .where(and(eq(payments.id, id), eq(payments.merchantId, merchantId)))
    .limit(1);
  return row;
}

function baseSelect(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(payments)
    .leftJoin(creator, eq(creator.id, payments.createdBy))
    .leftJoin(approver, eq(approver.id, payments.approvedBy));
}

/** A payment list's filter as the service resolved it (company, wallet and patterns checked). */
export interface PaymentListFilter {
  merchantId: string;
  /** Undefined: both directions. */
  direction: 'inbound' | 'outbound' | undefined;
  /** From the work mode: in-flight statuses only, or settled only. */
  modeStatus: 'in_flight' | 'settled' | undefined;
  /** A period of the date filter: from inclusive, to exclusive. */
  created?: { from: Date; to: Date };
  createdFrom?: Date;
  createdTo?: Date;
  statuses?: PaymentStatus[];
  methods?: PaymentMethod[];
  currencies?: string[];
  amountFrom?: bigint;
  amountTo?: bigint;
  walletId?: number;
  /** ILIKE patterns on the payee's name and on the counterparty's IBAN or account. */
  counterparty?: { name: string; account: string };
  /** VA pay-ins: the VA's number, its customer's id, or an ILIKE pattern on the customer's name. */
  virtualAccount?: { number: string; customerId: string; customerName: string };
}

/** The WHERE of a payment list, export or balance. */
export function paymentWhere(f: PaymentListFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [eq(payments.merchantId, f.merchantId)];
  if (f.direction) c.push(eq(payments.direction, f.direction));
  if (f.modeStatus === 'in_flight') c.push(inArray(payments.status, [...IN_FLIGHT_STATUSES]));
  if (f.modeStatus === 'settled') c.push(eq(payments.status, 'settled'));
  if (f.created) c.push(gte(payments.createdAt, f.created.from), lt(payments.createdAt, f.created.to));
  if (f.createdFrom) c.push(gte(payments.createdAt, f.createdFrom));
  if (f.createdTo) c.push(lte(payments.createdAt, f.createdTo));
  if (f.statuses) c.push(inArray(payments.status, f.statuses));
  if (f.methods) c.push(inArray(payments.method, f.methods));
  if (f.currencies) c.push(inArray(payments.currency, f.currencies));
  if (f.amountFrom !== undefined) c.push(gte(payments.amount, f.amountFrom));
  if (f.amountTo !== undefined) c.push(lte(payments.amount, f.amountTo));
  if (f.walletId !== undefined) c.push(eq(payments.walletId, f.walletId));
  if (f.counterparty)
    c.push(
      or(
        ilike(payments.payeeName, f.counterparty.name),
        ilike(payments.counterpartyIban, f.counterparty.account),
        ilike(payments.counterpartyAccount, f.counterparty.account),
      ),
    );
  if (f.virtualAccount) {
    // VA pay-ins carry the VA and its customer in requisites (virtual-accounts area, processing hook).
    const va = f.virtualAccount;
    c.push(
      sql`(${payments.requisites}->>'virtualAccount' = ${va.number} OR ${payments.requisites}->>'vaCustomerId' = ${va.customerId} OR ${payments.requisites}->>'vaCustomerName' ILIKE ${va.customerName})`,
    );
  }
  return and(...c);
}

/** Narrows a WHERE to pay-ins and pay-outs: exchange and own-account transfer legs are neither. */
export function withoutExchanges(where: SQL | undefined): SQL | undefined {
  return and(where, notInArray(payments.transactionType, ['exchange', 'transfer']));
}

export type SortColumn = 'created_at' | 'settled_at' | 'amount' | 'status' | 'currency' | 'payee_name';
const SORT = {
  created_at: payments.createdAt,
  settled_at: payments.settledAt,
  amount: payments.amount,
  status: payments.status,
  currency: payments.currency,
  payee_name: payments.payeeName,
} as const;

export async function listPayments(
  db: DbOrTx,
  where: SQL | undefined,
  sort: { column: SortColumn; desc: boolean },
  limit: number,
  offset: number,
): Promise<ListedPayment[]> {
  const order = sort.desc
    ? [desc(SORT[sort.column]), desc(payments.id)]
    : [asc(SORT[sort.column]), asc(payments.id)];
  // Deferred join: the page's ids come off an index first (skipping `offset` entries costs no
  // joins, names or refund look-ups), then only those rows are read in full.
  const page = db
    .select({ id: payments.id })
    .from(payments)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return baseSelect(db)
    .where(inArray(payments.id, page))
    .orderBy(...order);
}

/** Counts matching rows up to `cap + 1`, so a huge list never pays for an exact count. */
export async function countPayments(db: DbOrTx, where: SQL | undefined, cap: number): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(payments)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

export async function balances(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      currency: payments.currency,
      direction: payments.direction,
      settled: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'settled'), 0)::text`,
      pending: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.status} in ('initializing','created','pending','authorized','captured')), 0)::text`,
      quantity: sql<number>`count(*)::int`,
    })
    .from(payments)
    .where(where)
    .groupBy(payments.currency, payments.direction);
}

export async function history(db: DbOrTx, paymentId: string) {
  return db
    .select({
      status: paymentEvents.status,
      at: paymentEvents.at,
      note: paymentEvents.note,
      actor: fullName(creator),
    })
    .from(paymentEvents)
    .leftJoin(creator, eq(creator.id, paymentEvents.actorId))
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));
}

export async function disabledMethods(db: DbOrTx, merchantId: string, direction: string): Promise<string[]> {
  const rows = await db
    .select({ method: merchantPaymentMethodSettings.method })
    .from(merchantPaymentMethodSettings)
    .where(
      and(
        eq(merchantPaymentMethodSettings.merchantId, merchantId),
        eq(merchantPaymentMethodSettings.direction, direction),
        eq(merchantPaymentMethodSettings.enabled, false),
      ),
    );
  return rows.map((r) => r.method);
}

/** Payments the rail may act on now: held ones past their delay and settled ones with a return due. */
export async function duePayments(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNotNull(payments.processAfter),
        lte(payments.processAfter, now),
        inArray(payments.status, ['pending', 'authorized', 'captured', 'settled']),
      ),
    )
    .orderBy(asc(payments.processAfter))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Pay-outs still waiting for approval that were created before `before` (oldest first). */
export async function staleCreatedPayouts(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'created'),
        eq(payments.direction, 'outbound'),
        lte(payments.createdAt, before),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function countHeld(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(inArray(payments.status, ['pending', 'authorized', 'captured']));
  return row?.n ?? 0;
}

export async function eventsSince(db: DbOrTx, merchantId: string, afterId: number, limit: number) {
  return db
    .select({
      id: paymentEvents.id,
      paymentId: paymentEvents.paymentId,
      direction: paymentEvents.direction,
      event: paymentEvents.event,
      status: paymentEvents.status,
      at: paymentEvents.at,
    })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.merchantId, merchantId), gt(paymentEvents.id, afterId)))
    .orderBy(asc(paymentEvents.id))
    .limit(limit);
}

export async function lastEventId(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${paymentEvents.id}), 0)::int` })
    .from(paymentEvents)
    .where(eq(paymentEvents.merchantId, merchantId));
  return row?.id ?? 0;
}

/** Quantity and amount per currency, status and direction since a date (dashboard status chart). */
export async function statusCounts(db: DbOrTx, merchantId: string, since: Date) {
  const rows = await db
    .select({
      currency: payments.currency,
      status: payments.status,
      direction: payments.direction,
      quantity: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${payments.amount})::text`,
    })
    .from(payments)
    .where(and(eq(payments.merchantId, merchantId), gte(payments.createdAt, since)))
    .groupBy(payments.currency, payments.status, payments.direction);
  return rows.map((r) => ({ ...r, amount: BigInt(r.amount) }));
}
