import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type EntryDetails,
  journalEntries,
  ledgerAccounts,
  ledgerBalances,
  ledgerHolds,
  postings,
} from '../../db/schema/index.ts';
import { rowsOf, tsParam } from './sql.ts';

export interface AccountRow {
  id: number;
  kind: string;
  walletId: number | null;
  merchantId: string | null;
  currency: string;
  allowNegative: boolean;
  slots: number;
  walletStatus: number | null;
}

export async function findAccounts(db: DbOrTx, ids: number[]): Promise<AccountRow[]> {
  return accountsWhere(
    db,
    sql`a.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

type AccountSqlRow = {
  id: string;
  kind: string;
  wallet_id: string | null;
  merchant_id: string | null;
  currency: string;
  allow_negative: boolean;
  slots: number;
  wallet_status: number | null;
};

/** The account columns `accountRow` maps, as each account query selects them. */
const ACCOUNT_COLUMNS = sql`a.id::text, a.kind, a.wallet_id::text, a.merchant_id::text, a.currency, a.allow_negative,
  a.slots, w.status AS wallet_status`;

const accountRow = (r: AccountSqlRow): AccountRow => ({
  id: Number(r.id),
  kind: r.kind,
  walletId: r.wallet_id === null ? null : Number(r.wallet_id),
  merchantId: r.merchant_id,
  currency: r.currency,
  allowNegative: r.allow_negative,
  slots: Number(r.slots),
  walletStatus: r.wallet_status === null ? null : Number(r.wallet_status),
});

async function accountsWhere(db: DbOrTx, where: ReturnType<typeof sql>): Promise<AccountRow[]> {
  const rows = await rowsOf<AccountSqlRow>(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts a LEFT JOIN wallets w ON w.id = a.wallet_id WHERE ${where}`,
  );
  return rows.map(accountRow);
}

export async function findWalletAccount(db: DbOrTx, walletId: number, currency: string) {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.walletId, walletId), eq(ledgerAccounts.currency, currency)));
  return row?.id;
}

export async function findSystemAccount(db: DbOrTx, kind: string, currency: string) {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, kind),
        eq(ledgerAccounts.currency, currency),
        isNull(ledgerAccounts.walletId),
      ),
    );
  return row?.id;
}

/** Creates an account and its balance rows; a concurrent creator of the same account wins quietly. */
export async function insertAccount(
  db: DbOrTx,
  a: {
    kind: string;
    walletId: number | null;
    merchantId: string | null;
    currency: string;
    allowNegative: boolean;
    slots: number;
  },
): Promise<number | undefined> {
  const target =
    a.walletId === null
      ? sql`(kind, currency) WHERE wallet_id IS NULL`
      : sql`(wallet_id, currency) WHERE wallet_id IS NOT NULL`;
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO ledger_accounts (kind, wallet_id, merchant_id, currency, allow_negative, slots)
        VALUES (${a.kind}, ${a.walletId}, ${a.merchantId}, ${a.currency}, ${a.allowNegative}, ${a.slots})
        ON CONFLICT ${target} DO NOTHING RETURNING id::text`,
  );
  if (!row) return undefined;
  const id = Number(row.id);
  await db
    .insert(ledgerBalances)
    .values(Array.from({ length: a.slots }, (_, slot) => ({ accountId: id, slot })));
  return id;
}

export interface LockedSlot {
  accountId: number;
  slot: number;
  balance: bigint;
  held: bigint;
}

/**
 * A wallet's account in a currency with its balance rows locked (FOR UPDATE, in slot order, as
 * `lockSlots` locks them), in one statement; undefined before the account's first use.
 */
export async function lockWalletAccount(
  db: DbOrTx,
  walletId: number,
  currency: string,
): Promise<{ account: AccountRow; slots: LockedSlot[] } | undefined> {
  const rows = await rowsOf<AccountSqlRow & { slot: number; balance: string; held: string }>(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS}, b.slot, b.balance::text, b.held::text
          FROM ledger_accounts a
          LEFT JOIN wallets w ON w.id = a.wallet_id
          JOIN ledger_balances b ON b.account_id = a.id AND b.slot < a.slots
         WHERE a.wallet_id = ${walletId} AND a.currency = ${currency}
         ORDER BY b.slot
           FOR UPDATE OF b`,
  );
  const [first] = rows;
  if (!first) return undefined;
  const account = accountRow(first);
  return {
    account,
    slots: rows.map((r) => ({
      accountId: account.id,
      slot: Number(r.slot),
      balance: BigInt(r.balance),
      held: BigInt(r.held),
    })),
  };
}

/** Locks balance rows in (account, slot) order, the one order every writer uses, so no deadlock. */
export async function lockSlots(
  db: DbOrTx,
  pairs: readonly (readonly [number, number])[],
): Promise<LockedSlot[]> {
  const list = sql.join(
    pairs.map(([a, s]) => sql`(${a}::bigint, ${s}::smallint)`),
    sql`, `,
  );
  const rows = await rowsOf<{ account_id: string; slot: number; balance: string; held: string }>(
    db,
    sql`SELECT account_id::text, slot, balance::text, held::text FROM ledger_balances
         WHERE (account_id, slot) IN (${list}) ORDER BY account_id, slot FOR UPDATE`,
  );
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    slot: Number(r.slot),
    balance: BigInt(r.balance),
    held: BigInt(r.held),
  }));
}

/** Applies balance and held deltas to slots in one statement. */
export async function applySlotDeltas(
  db: DbOrTx,
  deltas: readonly { accountId: number; slot: number; balance: bigint; held: bigint }[],
): Promise<void> {
  if (deltas.length === 0) return;
  const values = sql.join(
    deltas.map(
      (d) =>
        sql`(${d.accountId}::bigint, ${d.slot}::smallint, ${d.balance.toString()}::bigint, ${d.held.toString()}::bigint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`UPDATE ledger_balances b SET balance = b.balance + v.db, held = b.held + v.dh
      FROM (VALUES ${values}) AS v(account_id, slot, db, dh)
     WHERE b.account_id = v.account_id AND b.slot = v.slot`);
}

export interface EntryRow {
  id: number;
  kind: string;
  reference: string | null;
  valueDate: Date;
  reversesEntryId: number | null;
  details: EntryDetails;
}

/** Inserts an entry unless its (kind, reference) or reversed entry already exists (then undefined). */
export async function insertEntry(
  db: DbOrTx,
  e: {
    kind: string;
    reference: string | null;
    valueDate: Date;
    reversesEntryId: number | null;
    details: EntryDetails;
  },
): Promise<number | undefined> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO journal_entries (kind, reference, value_date, reverses_entry_id, details)
        VALUES (${e.kind}, ${e.reference}, ${tsParam(e.valueDate)}, ${e.reversesEntryId}, ${JSON.stringify(e.details)}::jsonb)
        ON CONFLICT DO NOTHING RETURNING id::text`,
  );
  return row ? Number(row.id) : undefined;
}

export async function findEntryByReference(db: DbOrTx, kind: string, reference: string) {
  const [row] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, kind), eq(journalEntries.reference, reference)));
  return row;
}

export async function findEntry(db: DbOrTx, id: number) {
  const [row] = await db.select().from(journalEntries).where(eq(journalEntries.id, id));
  return row;
}

export async function entryPostings(db: DbOrTx, entryId: number) {
  return db
    .select({ accountId: postings.accountId, currency: postings.currency, amount: postings.amount })
    .from(postings)
    .where(eq(postings.entryId, entryId))
    .orderBy(postings.id);
}

export async function insertPostings(
  db: DbOrTx,
  rows: readonly { entryId: number; accountId: number; currency: string; amount: bigint; valueDate: Date }[],
): Promise<void> {
  // Chunked: a year of seeded activity is many thousand rows, and statements have a parameter limit.
  for (let i = 0; i < rows.length; i += 5000) await db.insert(postings).values(rows.slice(i, i + 5000));
}

/**
 * Places one hold on an account whose balance rows the caller has locked and checked: the hold row
 * and the held amount on slot 0, in one statement. Returns the hold's id.
 */
export async function insertHold(
  db: DbOrTx,
  h: {
    accountId: number;
    kind: 'pending' | 'blocked' | 'suspended';
    amount: bigint;
    reference: string | null;
  },
): Promise<number> {
  const amount = h.amount.toString();
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`WITH hold AS (
          INSERT INTO ledger_holds (account_id, kind, amount, reference)
          VALUES (${h.accountId}::bigint, ${h.kind}, ${amount}::bigint, ${h.reference})
          RETURNING id
        ), held AS (
          UPDATE ledger_balances SET held = held + ${amount}::bigint
           WHERE account_id = ${h.accountId}::bigint AND slot = 0
        )
        SELECT id::text AS id FROM hold`,
  );
  if (!row) throw new Error('hold not inserted');
  return Number(row.id);
}

/** Inserts holds in one statement; their ids in the order given. */
export async function insertHolds(
  db: DbOrTx,
  holds: readonly { accountId: number; kind: 'pending'; amount: bigint; reference: string }[],
): Promise<number[]> {
  if (holds.length === 0) return [];
  const rows = await db
    .insert(ledgerHolds)
    .values([...holds])
    .returning({ id: ledgerHolds.id, reference: ledgerHolds.reference });
  // Matched by reference (one hold per payment), not by the order RETURNING happens to keep.
  const idOf = new Map(rows.map((r) => [r.reference, r.id]));
  return holds.map((h) => {
    const id = idOf.get(h.reference);
    if (id === undefined) throw new Error('hold not inserted');
    return id;
  });
}

/** Closes an open hold; undefined when it was not open (already released or settled). */
export async function closeHold(db: DbOrTx, holdId: number, status: 'released' | 'settled', at: Date) {
  const [row] = await db
    .update(ledgerHolds)
    .set({ status, closedAt: at })
    .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.status, 'placed')))
    .returning({
      accountId: ledgerHolds.accountId,
      amount: ledgerHolds.amount,
      reference: ledgerHolds.reference,
    });
  return row;
}

export async function setHoldEntry(db: DbOrTx, holdId: number, entryId: number): Promise<void> {
  await db.update(ledgerHolds).set({ settledEntryId: entryId }).where(eq(ledgerHolds.id, holdId));
}

export async function walletOwner(db: DbOrTx, walletId: number): Promise<string | undefined> {
  const [row] = await rowsOf<{ merchant_id: string }>(
    db,
    sql`SELECT merchant_id::text FROM wallets WHERE id = ${walletId}`,
  );
  return row?.merchant_id;
}

/** Reserves `n` entry ids in order, so a batch can insert entries and their postings in two statements. */
export async function nextEntryIds(db: DbOrTx, n: number): Promise<number[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence('journal_entries', 'id'))::text AS id FROM generate_series(1, ${n})`,
  );
  return rows.map((r) => Number(r.id));
}

export async function insertEntriesWithIds(
  db: DbOrTx,
  rows: readonly {
    id: number;
    kind: string;
    reference: string | null;
    valueDate: Date;
    details: EntryDetails;
    createdAt?: Date;
  }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) await db.insert(journalEntries).values(rows.slice(i, i + 2000));
}
