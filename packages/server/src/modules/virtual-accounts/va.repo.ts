import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, vaGroups, vaRequestEvents, vaRequests, virtualAccounts } from '../../db/schema/index.ts';

export type VaGroupRow = typeof vaGroups.$inferSelect;
export type VaRequestRecord = typeof vaRequests.$inferSelect;
export type VaRecord = typeof virtualAccounts.$inferSelect;

// ── groups ───────────────────────────────────────────────────────────────────────────────────────

export async function insertGroup(db: DbOrTx, g: typeof vaGroups.$inferInsert): Promise<VaGroupRow> {
  const [row] = await db.insert(vaGroups).values(g).returning();
  if (!row) throw new Error('VA group not inserted');
  return row;
}

export function groupsOf(db: DbOrTx, merchantId: string, limit = 1000, offset = 0) {
  return db
    .select()
    .from(vaGroups)
    .where(eq(vaGroups.merchantId, merchantId))
    .orderBy(asc(vaGroups.id))
    .limit(limit)
    .offset(offset);
}

export async function countGroups(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(vaGroups).where(eq(vaGroups.merchantId, merchantId));
  return row?.n ?? 0;
}

export async function findGroup(db: DbOrTx, id: number) {
  const [row] = await db.select().from(vaGroups).where(eq(vaGroups.id, id));
  return row;
}

/** Serialises group creation for the rest of the transaction (one lock for every numbering space). */
export async function lockGroupNumbering(tx: DbOrTx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(80800)`);
}

/** Groups numbering under the same country, bank letters and prefix, whose range meets [from, to]. */
export async function overlappingGroup(
  db: DbOrTx,
  g: { country: string; bankLetters: string; prefix: string; from: number; to: number },
) {
  const [row] = await db
    .select({ id: vaGroups.id })
    .from(vaGroups)
    .where(
      and(
        eq(vaGroups.country, g.country),
        eq(vaGroups.bankLetters, g.bankLetters),
        eq(vaGroups.prefix, g.prefix),
        sql`${vaGroups.rangeFrom} <= ${g.to} AND ${vaGroups.rangeTo} >= ${g.from}`,
      ),
    )
    .limit(1);
  return row;
}

export async function setGroupLimit(db: DbOrTx, id: number, limit: number) {
  const [row] = await db.update(vaGroups).set({ vaLimit: limit }).where(eq(vaGroups.id, id)).returning();
  return row;
}

/**
 * Takes the next serial of a group in one statement: the row lock makes concurrent allocations
 * queue, and the conditions make the loser of the last number get nothing instead of a duplicate.
 * Serials only grow, so a number once given (even of a closed VA) is never given again.
 */
export async function takeSerial(db: DbOrTx, groupId: number): Promise<number | null> {
  const result: unknown = await db.execute(sql`
    UPDATE va_groups SET next_serial = next_serial + 1, allocated = allocated + 1
     WHERE id = ${groupId} AND allocated < va_limit AND next_serial <= range_to
     RETURNING (next_serial - 1)::text AS serial`);
  const [row] = (result as { rows: { serial: string }[] }).rows;
  return row ? Number(row.serial) : null;
}

// ── requests ─────────────────────────────────────────────────────────────────────────────────────

export async function insertRequest(db: DbOrTx, r: typeof vaRequests.$inferInsert): Promise<VaRequestRecord> {
  const [row] = await db.insert(vaRequests).values(r).returning();
  if (!row) throw new Error('VA request not inserted');
  return row;
}

export async function addRequestEvent(db: DbOrTx, e: typeof vaRequestEvents.$inferInsert): Promise<void> {
  await db.insert(vaRequestEvents).values(e);
}

export async function findRequest(db: DbOrTx, uuid: string, merchantId: string | null, lock = false) {
  const where = merchantId
    ? and(eq(vaRequests.uuid, uuid), eq(vaRequests.merchantId, merchantId))
    : eq(vaRequests.uuid, uuid);
  const q = db.select().from(vaRequests).where(where);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateRequest(
  db: DbOrTx,
  uuid: string,
  patch: Partial<typeof vaRequests.$inferInsert>,
) {
  const [row] = await db.update(vaRequests).set(patch).where(eq(vaRequests.uuid, uuid)).returning();
  if (!row) throw new Error('VA request vanished');
  return row;
}

export function requestEvents(db: DbOrTx, uuid: string) {
  return db
    .select()
    .from(vaRequestEvents)
    .where(eq(vaRequestEvents.requestUuid, uuid))
    .orderBy(asc(vaRequestEvents.id));
}

export interface RequestListQuery {
  merchantId?: string;
  walletId?: number;
  status?: string;
  filter?: { column: 'customer_name' | 'client_customer_id'; pattern: string };
  sort: 'created' | 'status' | 'customer_name';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

function requestWhere(q: RequestListQuery): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (q.merchantId) parts.push(sql`r.merchant_id = ${q.merchantId}`);
  if (q.walletId) parts.push(sql`r.wallet_id = ${q.walletId}`);
  if (q.status) parts.push(sql`r.status = ${q.status}`);
  if (q.filter) parts.push(sql`r.${sql.raw(q.filter.column)} ILIKE ${q.filter.pattern}`);
  return sql.join(parts, sql` AND `);
}

export interface RequestListRow {
  uuid: string;
  merchant_id: string;
  company_name: string;
  wallet_uuid: string;
  client_type: 'individual' | 'corporate';
  client_customer_id: string;
  customer_name: string;
  status: VaRequestRecord['status'];
  decline_reason: string | null;
  warning: string | null;
  virtual_account_id: string | null;
  iban_number: string | null;
  created_at: string;
  updated_at: string;
}

const requestSelect = sql`SELECT r.uuid::text, r.merchant_id::text, m.name AS company_name, w.uuid::text AS wallet_uuid,
    r.client_type, r.client_customer_id, r.customer_name, r.status, r.decline_reason, r.warning,
    r.virtual_account_id::text, v.number AS iban_number,
    to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
    to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
  FROM va_requests r
  JOIN merchants m ON m.id = r.merchant_id
  JOIN wallets w ON w.id = r.wallet_id
  LEFT JOIN virtual_accounts v ON v.id = r.virtual_account_id`;

export async function listRequests(db: DbOrTx, q: RequestListQuery) {
  const column = { created: sql`r.created_at`, status: sql`r.status`, customer_name: sql`r.customer_name` }[
    q.sort
  ];
  const dir = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await rowsOf<RequestListRow>(
    db,
    sql`${requestSelect} WHERE ${requestWhere(q)} ORDER BY ${column} ${dir}, r.uuid ${dir} LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
  const [total] = await rowsOf<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM va_requests r WHERE ${requestWhere(q)}`,
  );
  return { rows, quantity: Number(total?.n ?? 0) };
}

export async function requestRow(db: DbOrTx, uuid: string): Promise<RequestListRow | undefined> {
  const [row] = await rowsOf<RequestListRow>(db, sql`${requestSelect} WHERE r.uuid = ${uuid}`);
  return row;
}

// ── virtual accounts ─────────────────────────────────────────────────────────────────────────────

export async function insertVa(db: DbOrTx, v: typeof virtualAccounts.$inferInsert): Promise<VaRecord> {
  const [row] = await db.insert(virtualAccounts).values(v).returning();
  if (!row) throw new Error('VA not inserted');
  return row;
}

export async function findVa(db: DbOrTx, id: number, merchantId: string | null, lock = false) {
  const where = merchantId
    ? and(eq(virtualAccounts.id, id), eq(virtualAccounts.merchantId, merchantId))
    : eq(virtualAccounts.id, id);
  const q = db.select().from(virtualAccounts).where(where);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** A VA of a wallet by IBAN, or by bank code + account number (spec §7 actions body). */
export async function findVaOfWallet(
  db: DbOrTx,
  walletId: number,
  by: { iban?: string | undefined; bankCode?: string | undefined; accNumber?: string | undefined },
) {
  const match = by.iban
    ? eq(virtualAccounts.iban, by.iban)
    : and(eq(virtualAccounts.bankCode, by.bankCode ?? ''), eq(virtualAccounts.accNumber, by.accNumber ?? ''));
  const [row] = await db
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.walletId, walletId), match))
    .for('update');
  return row;
}

/** A VA by the number a pay-in is addressed to (IBAN, or bank code + account). */
export async function findVaByNumber(db: DbOrTx, number: string) {
  const [row] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.number, number));
  return row;
}

/** The newest live VA of a customer id in a group (same-id rule of spec §3). */
export async function liveVaOfCustomer(db: DbOrTx, merchantId: string, groupId: number, customerId: string) {
  const [row] = await db
    .select()
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.merchantId, merchantId),
        eq(virtualAccounts.groupId, groupId),
        eq(virtualAccounts.clientCustomerId, customerId),
        sql`${virtualAccounts.status} <> 'closed'`,
      ),
    )
    .orderBy(desc(virtualAccounts.id))
    .limit(1);
  return row;
}

export async function updateVa(db: DbOrTx, id: number, patch: Partial<typeof virtualAccounts.$inferInsert>) {
  const [row] = await db.update(virtualAccounts).set(patch).where(eq(virtualAccounts.id, id)).returning();
  if (!row) throw new Error('VA vanished');
  return row;
}

export interface VaListQuery {
  walletId: number;
  status?: string;
  level?: number;
  checkRuleCode?: string;
  filter?: {
    column: 'number' | 'client_customer_id' | 'client_customer_name';
    value: string;
    exact: boolean;
  };
  sort: 'created' | 'iban_number' | 'client_customer_name' | 'status';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

function vaWhere(q: VaListQuery): SQL {
  const parts: SQL[] = [sql`wallet_id = ${q.walletId}`];
  if (q.status) parts.push(sql`status = ${q.status}`);
  if (q.level !== undefined) parts.push(sql`level = ${q.level}`);
  if (q.checkRuleCode) parts.push(sql`check_rule_code = ${q.checkRuleCode}`);
  if (q.filter) {
    const col = sql.raw(q.filter.column);
    parts.push(q.filter.exact ? sql`${col} = ${q.filter.value}` : sql`${col} ILIKE ${q.filter.value}`);
  }
  return sql.join(parts, sql` AND `);
}

export async function listVas(db: DbOrTx, q: VaListQuery) {
  const column = {
    created: sql`created_at`,
    iban_number: sql`number`,
    client_customer_name: sql`client_customer_name`,
    status: sql`status`,
  }[q.sort];
  const dir = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await db
    .select()
    .from(virtualAccounts)
    .where(vaWhere(q))
    .orderBy(sql`${column} ${dir}, id ${dir}`)
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await rowsOf<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM virtual_accounts WHERE ${vaWhere(q)}`,
  );
  return { rows, quantity: Number(total?.n ?? 0) };
}

// ── the company record (core table): name and the same-id rule ─────────────────────────────────

export async function merchantFlags(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({ name: merchants.name, forceSameId: merchants.newIbanSameIdForcedCreation })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row;
}

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
