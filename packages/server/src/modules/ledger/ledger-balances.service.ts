import { type DateRange, type HoldKind, resolvePeriod } from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './ledger-balances.repo.ts';

const END_OF_TIME = new Date('9999-12-31T00:00:00.000Z');

/** Money in and out of one account over a period, in minor units. */
export interface MoneyFlow {
  in: bigint;
  out: bigint;
}

/**
 * THE definition of the "today" and "7 days" figures (issue 36), for every screen that shows them:
 * today is the caller's calendar day in the offset of its Timezone header; 7 days are that day and
 * the six before it (the date filter "last 7 days").
 */
export function movementWindows(now: Date, tzOffset: number): { today: DateRange; recent: DateRange } {
  return { today: resolvePeriod('today', now, tzOffset), recent: resolvePeriod('last7Days', now, tzOffset) };
}

/**
 * THE in/out figures of wallet accounts over periods, straight from the postings (issue 36): in is
 * every credit, out every debit by value date — pay-outs with their fees, fee entries, exchanges,
 * on-chain sends, transfers to sub-accounts — so they add up to the balance change of the period.
 * Every API that shows in/out figures reads them here.
 */
export async function moneyFlows(
  db: DbOrTx,
  accountIds: number[],
  periods: readonly DateRange[],
): Promise<Map<number, MoneyFlow[]>> {
  const rows = await repo.flowWindows(db, accountIds, periods);
  const zero = () => periods.map(() => ({ in: 0n, out: 0n }));
  const out = new Map<number, MoneyFlow[]>(accountIds.map((id) => [id, zero()]));
  for (const r of rows) out.set(r.accountId, r.windows);
  return out;
}

/** Every balance kind of spec §3 for one currency of a wallet, in minor units. */
export interface CurrencyBalances {
  accountId: number;
  currency: string;
  balance: bigint;
  available: bigint;
  opening: bigint;
  pending: bigint;
  blocked: bigint;
  suspended: bigint;
  todayIn: bigint;
  todayOut: bigint;
  recentIn: bigint;
  recentOut: bigint;
}

/** Balance reads of the ledger service: every kind derived from balance rows, holds and postings. */
export function createBalanceReader(clock: Clock) {
  return {
    /** Every balance kind per currency of a wallet; `tzOffset` (minutes east of UTC) sets "today". */
    async balances(
      db: DbOrTx,
      walletId: number,
      opts: { tzOffset?: number } = {},
    ): Promise<CurrencyBalances[]> {
      const accounts = await repo.walletAccounts(db, [walletId]);
      const ids = accounts.map((a) => a.id);
      const { today, recent } = movementWindows(clock.now(), opts.tzOffset ?? 0);
      const [totals, holds, flows] = await Promise.all([
        repo.accountTotals(db, ids),
        repo.openHoldsByKind(db, ids),
        // The third window: everything from the start of today on, future value dates too.
        moneyFlows(db, ids, [today, recent, { from: today.from, to: END_OF_TIME }]),
      ]);
      return accounts.map((a) => {
        const t = totals.get(a.id) ?? { balance: 0n, held: 0n };
        const hold = (kind: HoldKind) =>
          holds.filter((h) => h.accountId === a.id && h.kind === kind).reduce((s, h) => s + h.amount, 0n);
        const [todayFlow, recentFlow, sinceToday] = flows.get(a.id) ?? [];
        const pending = hold('pending');
        const blocked = hold('blocked');
        const suspended = hold('suspended');
        return {
          accountId: a.id,
          currency: a.currency,
          balance: t.balance,
          available: t.balance - pending - blocked - suspended,
          // Opening of the caller's day: what today's movements changed is taken back off.
          opening: t.balance - (sinceToday ? sinceToday.in - sinceToday.out : 0n),
          pending,
          blocked,
          suspended,
          todayIn: todayFlow?.in ?? 0n,
          todayOut: todayFlow?.out ?? 0n,
          recentIn: recentFlow?.in ?? 0n,
          recentOut: recentFlow?.out ?? 0n,
        };
      });
    },

    moneyFlows,

    /** Posted balance and held amount of wallets' accounts, for lists (one query). */
    async walletTotals(db: DbOrTx, walletIds: number[]) {
      const accounts = await repo.walletAccounts(db, walletIds);
      const totals = await repo.accountTotals(
        db,
        accounts.map((a) => a.id),
      );
      return accounts.map((a) => {
        const t = totals.get(a.id) ?? { balance: 0n, held: 0n };
        return {
          walletId: a.walletId ?? 0,
          accountId: a.id,
          currency: a.currency,
          balance: t.balance,
          available: t.balance - t.held,
        };
      });
    },
  };
}
