import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';
import { rowsOf, tsParam } from './sql.ts';

// Queries behind the balance kinds of spec §3 (ledger-balances.service.ts).

export async function walletAccounts(db: DbOrTx, walletIds: number[]) {
  if (walletIds.length === 0) return [];
  return db
    .select({ id: ledgerAccounts.id, walletId: ledgerAccounts.walletId, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.walletId, walletIds));
}

/** Posted balance and held amount per account (sum over its slots). */
export async function accountTotals(db: DbOrTx, accountIds: number[]) {
  if (accountIds.length === 0) return new Map<number, { balance: bigint; held: bigint }>();
  const rows = await rowsOf<{ account_id: string; balance: string; held: string }>(
    db,
    sql`SELECT account_id::text, sum(balance)::text AS balance, sum(held)::text AS held FROM ledger_balances
         WHERE account_id IN (${sql.join(
           accountIds.map((id) => sql`${id}`),
           sql`, `,
         )}) GROUP BY account_id`,
  );
  return new Map(
    rows.map((r) => [Number(r.account_id), { balance: BigInt(r.balance), held: BigInt(r.held) }]),
  );
}

/** Open holds per account and kind. */
export async function openHoldsByKind(db: DbOrTx, accountIds: number[]) {
  if (accountIds.length === 0) return [];
  const rows = await rowsOf<{ account_id: string; kind: string; amount: string }>(
    db,
    sql`SELECT account_id::text, kind, sum(amount)::text AS amount FROM ledger_holds
         WHERE status = 'placed' AND account_id IN (${sql.join(
           accountIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         GROUP BY account_id, kind`,
  );
  return rows.map((r) => ({ accountId: Number(r.account_id), kind: r.kind, amount: BigInt(r.amount) }));
}

/**
 * Money in (credits) and out (debits) per account in each window [from, to) of value dates: one
 * index range scan over the union of the windows, one FILTER pair per window.
 */
export async function flowWindows(
  db: DbOrTx,
  accountIds: number[],
  windows: readonly { from: Date; to: Date }[],
): Promise<{ accountId: number; windows: { in: bigint; out: bigint }[] }[]> {
  if (accountIds.length === 0 || windows.length === 0) return [];
  const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
  const sums = windows.map((w, i) => {
    const inside = sql`value_date >= ${tsParam(w.from)} AND value_date < ${tsParam(w.to)}`;
    return sql`coalesce(sum(amount) FILTER (WHERE ${inside} AND amount > 0), 0)::text AS ${sql.raw(`in_${i}`)},
               coalesce(sum(-amount) FILTER (WHERE ${inside} AND amount < 0), 0)::text AS ${sql.raw(`out_${i}`)}`;
  });
  const rows = await rowsOf<Record<string, string | null>>(
    db,
    sql`SELECT account_id::text, ${sql.join(sums, sql`, `)}
          FROM postings
         WHERE account_id IN (${sql.join(
           accountIds.map((id) => sql`${id}`),
           sql`, `,
         )})
           AND value_date >= ${tsParam(from)} AND value_date < ${tsParam(to)}
         GROUP BY account_id`,
  );
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    windows: windows.map((_, i) => ({
      in: BigInt(r[`in_${i}`] ?? '0'),
      out: BigInt(r[`out_${i}`] ?? '0'),
    })),
  }));
}
