import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { walletIbans, wallets } from '../../db/schema/index.ts';
import { isoText, rowsOf } from '../ledger/sql.ts';

export type WalletRecord = typeof wallets.$inferSelect;

export async function insertWallet(
  db: DbOrTx,
  w: { merchantId: string; parentId: number | null; uiName: string; status?: number; createdAt?: Date },
): Promise<WalletRecord> {
  const [row] = await db.insert(wallets).values(w).returning();
  if (!row) throw new Error('wallet not inserted');
  return row;
}

export async function nextIbanSerial(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(db, sql`SELECT nextval('iban_account_seq')::text AS n`);
  return Number(row?.n);
}

export async function insertIban(db: DbOrTx, i: typeof walletIbans.$inferInsert) {
  const [row] = await db.insert(walletIbans).values(i).returning();
  if (!row) throw new Error('IBAN not inserted');
  return row;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A wallet reference is its numeric id or its uuid; anything else (`abc`, `-1`, an id beyond
 * bigint) matches nothing, so it answers "not found" instead of reaching the database as a uuid.
 */
function walletKey(idOrUuid: number | string) {
  if (typeof idOrUuid === 'number')
    return Number.isSafeInteger(idOrUuid) ? eq(wallets.id, idOrUuid) : undefined;
  const ref = idOrUuid.trim();
  if (/^\d{1,15}$/.test(ref)) return eq(wallets.id, Number(ref));
  return UUID_RE.test(ref) ? eq(wallets.uuid, ref.toLowerCase()) : undefined;
}

/** A wallet of this company by numeric id or uuid; another company's wallet is not found. */
export async function findWallet(db: DbOrTx, merchantId: string, idOrUuid: number | string) {
  const key = walletKey(idOrUuid);
  if (!key) return undefined;
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.merchantId, merchantId), key));
  return row;
}

export interface WalletListQuery {
  merchantId: string;
  status?: number | undefined;
  topLevelOnly: boolean;
  filter?:
    | { param: 'ui_name' | 'iban_number' | 'uuid' | 'currency'; pattern: string; exact: boolean }
    | undefined;
  sort: 'created' | 'ui_name' | 'id' | 'status';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const SORT_COLUMNS = {
  created: sql`w.created_at`,
  ui_name: sql`lower(w.ui_name)`,
  id: sql`w.id`,
  status: sql`w.status`,
} as const;

function listWhere(q: Omit<WalletListQuery, 'sort' | 'order' | 'limit' | 'offset'>) {
  const parts = [sql`w.merchant_id = ${q.merchantId}`];
  if (q.status !== undefined) parts.push(sql`w.status = ${q.status}`);
  if (q.topLevelOnly) parts.push(sql`w.parent_id IS NULL`);
  const f = q.filter;
  if (f?.param === 'ui_name') parts.push(sql`lower(w.ui_name) LIKE lower(${f.pattern})`);
  if (f?.param === 'uuid') parts.push(sql`w.uuid::text LIKE lower(${f.pattern})`);
  if (f?.param === 'iban_number') {
    const match = f.exact ? sql`i.iban = ${f.pattern}` : sql`i.iban LIKE ${f.pattern}`;
    parts.push(
      sql`w.id IN (SELECT i.wallet_id FROM wallet_ibans i WHERE i.merchant_id = ${q.merchantId} AND ${match})`,
    );
  }
  // Wallet accounts are the accounts area's own table (ledger_accounts), read here only to filter.
  if (f?.param === 'currency') {
    parts.push(
      sql`EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.wallet_id = w.id AND a.currency = upper(${f.pattern}))`,
    );
  }
  return sql.join(parts, sql` AND `);
}

export interface WalletListRow {
  id: number;
  uuid: string;
  uiName: string;
  status: number;
  parentId: number | null;
  created: string;
  subaccounts: number;
}

/**
 * One page of wallets, filtered and sorted in SQL (indexes of migrations 0200 and 1201). Deferred
 * join: the page's ids first, so skipped rows never pay for their sub-account count.
 */
export async function listWallets(db: DbOrTx, q: WalletListQuery): Promise<WalletListRow[]> {
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  const rows = await rowsOf<Record<string, string | null>>(
    db,
    sql`SELECT w.id::text, w.uuid::text, w.ui_name, w.status::text, w.parent_id::text, ${isoText(sql`w.created_at`)} AS created,
               (SELECT count(*) FROM wallets s WHERE s.parent_id = w.id)::text AS subaccounts
          FROM wallets w
         WHERE w.id IN (SELECT w.id FROM wallets w WHERE ${listWhere(q)}
                         ORDER BY ${SORT_COLUMNS[q.sort]} ${dir}, w.id ${dir} LIMIT ${q.limit} OFFSET ${q.offset})
         ORDER BY ${SORT_COLUMNS[q.sort]} ${dir}, w.id ${dir}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    uuid: r.uuid ?? '',
    uiName: r.ui_name ?? '',
    status: Number(r.status),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    created: r.created ?? '',
    subaccounts: Number(r.subaccounts),
  }));
}

export async function countWallets(
  db: DbOrTx,
  q: Omit<WalletListQuery, 'sort' | 'order' | 'limit' | 'offset'>,
) {
  const [row] = await rowsOf<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM wallets w WHERE ${listWhere(q)}`,
  );
  return Number(row?.n ?? 0);
}

export async function activeIbansOf(db: DbOrTx, walletIds: number[]) {
  if (walletIds.length === 0) return [];
  return db
    .select({ walletId: walletIbans.walletId, iban: walletIbans.iban, country: walletIbans.country })
    .from(walletIbans)
    .where(and(inArray(walletIbans.walletId, walletIds), eq(walletIbans.status, 1)))
    .orderBy(asc(walletIbans.id));
}

export interface IbanListQuery {
  walletId: number;
  status?: number | undefined;
  level?: number | undefined;
  checkRuleCode?: string | undefined;
  pattern?: { value: string; exact: boolean } | undefined;
  sort: 'created' | 'iban_number';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

function ibanWhere(q: IbanListQuery) {
  const parts = [sql`wallet_id = ${q.walletId}`];
  if (q.status !== undefined) parts.push(sql`status = ${q.status}`);
  if (q.level !== undefined) parts.push(sql`level = ${q.level}`);
  if (q.checkRuleCode !== undefined) parts.push(sql`check_rule_code = ${q.checkRuleCode}`);
  if (q.pattern)
    parts.push(q.pattern.exact ? sql`iban = ${q.pattern.value}` : sql`iban LIKE ${q.pattern.value}`);
  return sql.join(parts, sql` AND `);
}

export async function listIbans(db: DbOrTx, q: IbanListQuery) {
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  const column = q.sort === 'iban_number' ? sql`iban` : sql`created_at`;
  const rows = await rowsOf<Record<string, string>>(
    db,
    sql`SELECT id::text, iban, country, bank_code, status::text, level::text, check_rule_code,
               ${isoText(sql`created_at`)} AS created
          FROM wallet_ibans WHERE ${ibanWhere(q)} ORDER BY ${column} ${dir}, id ${dir} LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
  const [total] = await rowsOf<{ n: string }>(
    db,
    sql`SELECT count(*)::text AS n FROM wallet_ibans WHERE ${ibanWhere(q)}`,
  );
  return { rows, quantity: Number(total?.n ?? 0) };
}

export async function renameWallet(db: DbOrTx, id: number, uiName: string) {
  await db.update(wallets).set({ uiName }).where(eq(wallets.id, id));
}

export async function walletsOfMerchant(db: DbOrTx, merchantId: string) {
  return db.select().from(wallets).where(eq(wallets.merchantId, merchantId)).orderBy(asc(wallets.id));
}

export async function countSubaccounts(db: DbOrTx, parentId: number) {
  const [row] = await db.select({ n: count() }).from(wallets).where(eq(wallets.parentId, parentId));
  return row?.n ?? 0;
}

/** Operator console (issue 18): a wallet's status with the reason and when it changed. */
export async function setWalletStatus(
  db: DbOrTx,
  id: number,
  s: { status: number; reason: string; at: Date },
) {
  await db
    .update(wallets)
    .set({ status: s.status, statusReason: s.reason, statusChangedAt: s.at })
    .where(eq(wallets.id, id));
}
