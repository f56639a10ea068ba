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

/** In/out sums since `recentFrom` and since `todayFrom` (value dates), per account; one index range scan. */
export async function recentFlows(db: DbOrTx, accountIds: number[], recentFrom: Date, todayFrom: Date) {
  if (accountIds.length === 0) return [];
  const rows = await rowsOf<Record<string, string | null>>(
    db,
    sql`SELECT account_id::text,
               coalesce(sum(amount) FILTER (WHERE value_date >= ${tsParam(todayFrom)}), 0)::text AS today_net,
               coalesce(sum(amount) FILTER (WHERE value_date >= ${tsParam(todayFrom)} AND amount > 0), 0)::text AS today_in,
               coalesce(sum(-amount) FILTER (WHERE value_date >= ${tsParam(todayFrom)} AND amount < 0), 0)::text AS today_out,
               coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS recent_in,
               coalesce(sum(-amount) FILTER (WHERE amount < 0), 0)::text AS recent_out
          FROM postings
         WHERE account_id IN (${sql.join(
           accountIds.map((id) => sql`${id}`),
           sql`, `,
         )})
           AND value_date >= ${tsParam(recentFrom)}
         GROUP BY account_id`,
  );
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    todayNet: BigInt(r.today_net ?? '0'),
    todayIn: BigInt(r.today_in ?? '0'),
    todayOut: BigInt(r.today_out ?? '0'),
    recentIn: BigInt(r.recent_in ?? '0'),
    recentOut: BigInt(r.recent_out ?? '0'),
  }));
}
