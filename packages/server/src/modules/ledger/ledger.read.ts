import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { EntryDetails } from '../../db/schema/index.ts';
import { idList, isoText, rowsOf, tsParam } from './sql.ts';

// Read side of the ledger: history queries for statements, daily balances and charts. All range
// over postings (account_id, value_date, id), the index the migration creates for them.

/** Net sum of postings at or after `from` per account (balance at `from` = balance − this). */
export async function netSince(db: DbOrTx, accountIds: number[], from: Date): Promise<Map<number, bigint>> {
  if (accountIds.length === 0) return new Map();
  const rows = await rowsOf<{ account_id: string; net: string }>(
    db,
    sql`SELECT account_id::text, sum(amount)::text AS net FROM postings
         WHERE account_id IN (${idList(accountIds)}) AND value_date >= ${tsParam(from)} GROUP BY account_id`,
  );
  return new Map(rows.map((r) => [Number(r.account_id), BigInt(r.net)]));
}

export interface DayFlow {
  accountId: number;
  day: string;
  credits: bigint;
  debits: bigint;
}

/** Credits and debits per account and UTC day in [from, to). */
export async function dailyFlows(db: DbOrTx, accountIds: number[], from: Date, to: Date): Promise<DayFlow[]> {
  if (accountIds.length === 0) return [];
  const rows = await rowsOf<{ account_id: string; day: string; credits: string; debits: string }>(
    db,
    sql`SELECT account_id::text, to_char(value_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
               coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS credits,
               coalesce(sum(-amount) FILTER (WHERE amount < 0), 0)::text AS debits
          FROM postings
         WHERE account_id IN (${idList(accountIds)}) AND value_date >= ${tsParam(from)} AND value_date < ${tsParam(to)}
         GROUP BY 1, 2`,
  );
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    day: r.day,
    credits: BigInt(r.credits),
    debits: BigInt(r.debits),
  }));
}

export interface MonthFlow {
  month: string;
  credits: bigint;
  debits: bigint;
  count: number;
  /** Lines on each side; a zero amount counts as a credit, as statements show it. */
  creditCount: number;
  debitCount: number;
}

/** Credits, debits and line counts (in all and per side) of one account per UTC calendar month in [from, to). */
export async function monthlyFlows(
  db: DbOrTx,
  accountId: number,
  from: Date,
  to: Date,
): Promise<MonthFlow[]> {
  const rows = await rowsOf<{ month: string; credits: string; debits: string; n: string; nd: string }>(
    db,
    sql`SELECT to_char(value_date AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
               coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS credits,
               coalesce(sum(-amount) FILTER (WHERE amount < 0), 0)::text AS debits, count(*)::text AS n,
               count(*) FILTER (WHERE amount < 0)::text AS nd
          FROM postings
         WHERE account_id = ${accountId} AND value_date >= ${tsParam(from)} AND value_date < ${tsParam(to)}
         GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((r) => ({
    month: r.month,
    credits: BigInt(r.credits),
    debits: BigInt(r.debits),
    count: Number(r.n),
    creditCount: Number(r.n) - Number(r.nd),
    debitCount: Number(r.nd),
  }));
}

export interface StatementLine {
  postingId: number;
  entryId: number;
  kind: string;
  reference: string | null;
  valueDate: Date;
  bookedAt: Date;
  amount: bigint;
  details: EntryDetails;
}

/** One page of an account's lines in (value_date, id) order after a cursor: keyset paging, no OFFSET. */
export async function linesAfter(
  db: DbOrTx,
  accountId: number,
  from: Date,
  to: Date,
  after: { valueDate: Date; postingId: number } | null,
  limit: number,
  kinds?: readonly string[],
  feesOnly = false,
): Promise<StatementLine[]> {
  const cursor = after
    ? sql`AND (p.value_date, p.id) > (${tsParam(after.valueDate)}, ${after.postingId})`
    : sql``;
  const kindFilter = kinds?.length
    ? sql`AND e.kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  // A pay-out's fee is inside its entry (settleHold): the part posted to a fee income account.
  const feePart = sql`(SELECT sum(q.amount) FROM postings q JOIN ledger_accounts fa ON fa.id = q.account_id
                        WHERE q.entry_id = p.entry_id AND fa.kind = 'fee_income')`;
  const amount = feesOnly ? sql`CASE WHEN e.kind = 'fee' THEN p.amount ELSE -${feePart} END` : sql`p.amount`;
  const feeFilter = feesOnly
    ? sql`AND (e.kind = 'fee' OR (e.kind = 'payout' AND p.amount < 0 AND ${feePart} > 0))`
    : sql``;
  const rows = await rowsOf<{
    id: string;
    entry_id: string;
    kind: string;
    reference: string | null;
    value_date: string;
    created_at: string;
    amount: string;
    details: EntryDetails | string;
  }>(
    db,
    sql`SELECT p.id::text, p.entry_id::text, e.kind, e.reference, ${isoText(sql`p.value_date`)} AS value_date,
               ${isoText(sql`e.created_at`)} AS created_at, (${amount})::text AS amount, e.details
          FROM postings p JOIN journal_entries e ON e.id = p.entry_id
         WHERE p.account_id = ${accountId} AND p.value_date >= ${tsParam(from)} AND p.value_date < ${tsParam(to)}
               ${cursor} ${kindFilter} ${feeFilter}
         ORDER BY p.value_date, p.id LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    postingId: Number(r.id),
    entryId: Number(r.entry_id),
    kind: r.kind,
    reference: r.reference,
    valueDate: new Date(r.value_date),
    bookedAt: new Date(r.created_at),
    amount: BigInt(r.amount),
    details: typeof r.details === 'string' ? (JSON.parse(r.details) as EntryDetails) : r.details,
  }));
}

/** Every line of an account in [from, to), fetched a page at a time so memory stays flat. */
export async function* streamLines(
  db: DbOrTx,
  accountId: number,
  from: Date,
  to: Date,
  opts: {
    pageSize?: number;
    kinds?: readonly string[];
    /** Fee lines only: fee entries, and the fee part of each pay-out that paid one (fee statements). */
    fees?: boolean;
  } = {},
): AsyncGenerator<StatementLine> {
  let after: { valueDate: Date; postingId: number } | null = null;
  for (;;) {
    const page = await linesAfter(
      db,
      accountId,
      from,
      to,
      after,
      opts.pageSize ?? 2000,
      opts.kinds,
      opts.fees,
    );
    for (const line of page) yield line;
    const last = page.at(-1);
    if (!last || page.length < (opts.pageSize ?? 2000)) return;
    after = { valueDate: last.valueDate, postingId: last.postingId };
  }
}

export interface RecentLine extends StatementLine {
  accountId: number;
  walletId: number;
  currency: string;
}

/** The latest lines over a set of wallet accounts (recent payments widget). */
export async function latestLines(db: DbOrTx, accountIds: number[], limit: number): Promise<RecentLine[]> {
  if (accountIds.length === 0) return [];
  const rows = await rowsOf<Record<string, string>>(
    db,
    sql`SELECT p.id::text, p.entry_id::text, p.account_id::text, a.wallet_id::text, p.currency, e.kind, e.reference,
               ${isoText(sql`p.value_date`)} AS value_date, ${isoText(sql`e.created_at`)} AS created_at,
               p.amount::text, e.details::text AS details
          FROM postings p JOIN journal_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
         WHERE p.account_id IN (${idList(accountIds)})
         ORDER BY p.value_date DESC, p.id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    postingId: Number(r.id),
    entryId: Number(r.entry_id),
    accountId: Number(r.account_id),
    walletId: Number(r.wallet_id),
    currency: r.currency ?? '',
    kind: r.kind ?? '',
    reference: r.reference ?? null,
    valueDate: new Date(r.value_date ?? 0),
    bookedAt: new Date(r.created_at ?? 0),
    amount: BigInt(r.amount ?? '0'),
    details: JSON.parse(r.details ?? '{}') as EntryDetails,
  }));
}

export interface KindStat {
  currency: string;
  kind: string;
  reversed: boolean;
  inbound: boolean;
  quantity: number;
  amount: bigint;
}

/** Entries per currency, kind and direction since `from` over a set of accounts (status chart). */
export async function kindStats(db: DbOrTx, accountIds: number[], from: Date): Promise<KindStat[]> {
  if (accountIds.length === 0) return [];
  const rows = await rowsOf<{
    currency: string;
    kind: string;
    reversed: boolean;
    inbound: boolean;
    n: string;
    total: string;
  }>(
    db,
    sql`SELECT p.currency, e.kind, (r.id IS NOT NULL) AS reversed, (p.amount > 0) AS inbound,
               count(*)::text AS n, sum(abs(p.amount))::text AS total
          FROM postings p JOIN journal_entries e ON e.id = p.entry_id
          LEFT JOIN journal_entries r ON r.reverses_entry_id = e.id
         WHERE p.account_id IN (${idList(accountIds)}) AND p.value_date >= ${tsParam(from)}
         GROUP BY 1, 2, 3, 4`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    kind: r.kind,
    reversed: r.reversed,
    inbound: r.inbound,
    quantity: Number(r.n),
    amount: BigInt(r.total),
  }));
}

/** Open pending holds (payments waiting to settle) per currency since `from`. */
export async function pendingHoldStats(db: DbOrTx, accountIds: number[], from: Date) {
  if (accountIds.length === 0) return [];
  const rows = await rowsOf<{ currency: string; n: string; total: string }>(
    db,
    sql`SELECT a.currency, count(*)::text AS n, sum(h.amount)::text AS total
          FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
         WHERE h.status = 'placed' AND h.kind = 'pending' AND h.account_id IN (${idList(accountIds)})
           AND h.created_at >= ${tsParam(from)}
         GROUP BY a.currency`,
  );
  return rows.map((r) => ({ currency: r.currency, quantity: Number(r.n), amount: BigInt(r.total) }));
}
