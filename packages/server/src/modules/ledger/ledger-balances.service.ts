import { type HoldKind, RECENT_BALANCE_DAYS } from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './ledger-balances.repo.ts';

const DAY_MS = 86_400_000;

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
      const now = clock.now().getTime();
      const offset = (opts.tzOffset ?? 0) * 60_000;
      const todayFrom = new Date(Math.floor((now + offset) / DAY_MS) * DAY_MS - offset);
      const recentFrom = new Date(todayFrom.getTime() - (RECENT_BALANCE_DAYS - 1) * DAY_MS);
      const [totals, holds, flows] = await Promise.all([
        repo.accountTotals(db, ids),
        repo.openHoldsByKind(db, ids),
        repo.recentFlows(db, ids, recentFrom, todayFrom),
      ]);
      return accounts.map((a) => {
        const t = totals.get(a.id) ?? { balance: 0n, held: 0n };
        const hold = (kind: HoldKind) =>
          holds.filter((h) => h.accountId === a.id && h.kind === kind).reduce((s, h) => s + h.amount, 0n);
        const f = flows.find((x) => x.accountId === a.id);
        const pending = hold('pending');
        const blocked = hold('blocked');
        const suspended = hold('suspended');
        return {
          accountId: a.id,
          currency: a.currency,
          balance: t.balance,
          available: t.balance - pending - blocked - suspended,
          opening: t.balance - (f?.todayNet ?? 0n),
          pending,
          blocked,
          suspended,
          todayIn: f?.todayIn ?? 0n,
          todayOut: f?.todayOut ?? 0n,
          recentIn: f?.recentIn ?? 0n,
          recentOut: f?.recentOut ?? 0n,
        };
      });
    },

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
