import { type DateRange, NEGATIVE_BALANCE_NOTICE, type WalletBalance } from '@portal/domain';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { inTransaction } from '../../db/tx.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { CurrencyBalances } from '../ledger/ledger.service.ts';
import { money } from './money.ts';
import * as repo from './wallets.repo.ts';
import { companyOf, sortByCurrency } from './wallets.service.ts';

const DAY_MS = 86_400_000;
const utcDay = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function toBalanceJson(b: CurrencyBalances): WalletBalance {
  const m = (v: bigint) => money(v, b.currency);
  return {
    currency: b.currency,
    balance: m(b.balance),
    available: m(b.available),
    opening: m(b.opening),
    suspended: m(b.suspended),
    blocked: m(b.blocked),
    pending: m(b.pending),
    today_in: m(b.todayIn),
    today_out: m(b.todayOut),
    recent_in: m(b.recentIn),
    recent_out: m(b.recentOut),
    is_negative: b.balance < 0n || b.available < 0n,
  };
}

/** Balance views of the accounts area: every kind per currency, daily closing balances, widgets. */
export function createWalletBalancesService(deps: AppDeps) {
  const ledger = () => service(deps, 'ledger');
  const wallets = () => service(deps, 'wallets');

  return {
    async balances(principal: UserPrincipal, idOrUuid: number | string, tzOffset: number) {
      const wallet = await wallets().getWalletForMerchant(deps.db, companyOf(principal), idOrUuid);
      return sortByCurrency(await ledger().balances(deps.db, wallet.id, { tzOffset })).map(toBalanceJson);
    },

    async detail(principal: UserPrincipal, uuid: string, tzOffset: number) {
      const merchantId = companyOf(principal);
      const row = await wallets().row(merchantId, uuid);
      const balances = sortByCurrency(await ledger().balances(deps.db, row.id, { tzOffset })).map(
        toBalanceJson,
      );
      return { ...row, merchant_id: merchantId, wallet_balance: balances };
    },

    async rename(ctx: RequestContext<UserPrincipal>, id: number, uiName: string) {
      const merchantId = companyOf(ctx.principal);
      await inTransaction(deps.db, async (tx) => {
        const wallet = await wallets().getWalletForMerchant(tx, merchantId, id);
        await repo.renameWallet(tx, wallet.id, uiName);
        await appendAudit(tx, {
          actorType: ctx.principal.impersonatorId ? 'admin' : 'user',
          actorId: ctx.principal.impersonatorId ?? ctx.principal.userId,
          action: 'wallet.rename',
          subjectType: 'wallet',
          subjectId: String(wallet.id),
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          details: { from: wallet.uiName, to: uiName },
        });
      });
      return wallets().row(merchantId, id);
    },

    /** Closing balance of each UTC day per currency (details by account of the closing balances screen). */
    async daily(principal: UserPrincipal, id: number, days: number, dateTo: string | undefined) {
      const wallet = await wallets().getWalletForMerchant(deps.db, companyOf(principal), id);
      const last = dateTo ? utcDay(dateTo) : utcDay(isoDay(deps.clock.now()));
      const to = new Date(last.getTime() + DAY_MS);
      const from = new Date(to.getTime() - days * DAY_MS);
      const totals = sortByCurrency(await ledger().walletTotals(deps.db, [wallet.id]));
      const ids = totals.map((t) => t.accountId);
      const [since, flows] = await Promise.all([
        ledger().history.netSince(deps.db, ids, from),
        ledger().history.dailyFlows(deps.db, ids, from, to),
      ]);
      return totals.map((t) => {
        let running = t.balance - (since.get(t.accountId) ?? 0n);
        const out = [];
        for (let d = from.getTime(); d < to.getTime(); d += DAY_MS) {
          const day = isoDay(new Date(d));
          const f = flows.find((x) => x.accountId === t.accountId && x.day === day);
          const opening = running;
          running += (f?.credits ?? 0n) - (f?.debits ?? 0n);
          out.push({
            date: day,
            opening: money(opening, t.currency),
            closing: money(running, t.currency),
            credits: money(f?.credits ?? 0n, t.currency),
            debits: money(f?.debits ?? 0n, t.currency),
          });
        }
        return { currency: t.currency, days: out };
      });
    },

    /** Closing daily balances screen: every wallet of the company on one UTC date in one currency. */
    async byDateCurrency(principal: UserPrincipal, date: string, currency: string) {
      const list = await repo.walletsOfMerchant(deps.db, companyOf(principal));
      const totals = (
        await ledger().walletTotals(
          deps.db,
          list.map((w) => w.id),
        )
      ).filter((t) => t.currency === currency);
      const ids = totals.map((t) => t.accountId);
      const from = utcDay(date);
      const to = new Date(from.getTime() + DAY_MS);
      const [sinceStart, sinceEnd] = await Promise.all([
        ledger().history.netSince(deps.db, ids, from),
        ledger().history.netSince(deps.db, ids, to),
      ]);
      let total = 0n;
      const rows = totals.map((t) => {
        const wallet = list.find((w) => w.id === t.walletId);
        const opening = t.balance - (sinceStart.get(t.accountId) ?? 0n);
        const closing = t.balance - (sinceEnd.get(t.accountId) ?? 0n);
        total += closing;
        return { t, wallet, opening, closing };
      });
      const flows = await ledger().history.dailyFlows(deps.db, ids, from, to);
      return {
        date,
        currency,
        wallets: rows.map(({ t, wallet, opening, closing }) => {
          const f = flows.find((x) => x.accountId === t.accountId);
          return {
            id: t.walletId,
            uuid: wallet?.uuid ?? '',
            ui_name: wallet?.uiName ?? '',
            opening_balance: money(opening, currency),
            closing_balance: money(closing, currency),
            credits: money(f?.credits ?? 0n, currency),
            debits: money(f?.debits ?? 0n, currency),
          };
        }),
        total_closing: money(total, currency),
      };
    },

    /**
     * Money in and out per currency over a period across the company's wallets (or one wallet),
     * from the ledger's one in/out function: what the Balance tab shows beside its payment sums.
     */
    async companyFlows(
      merchantId: string,
      range: DateRange,
      only: { walletId?: number | undefined; currencies?: readonly string[] | undefined } = {},
    ) {
      const ids = only.walletId
        ? [only.walletId]
        : (await repo.walletsOfMerchant(deps.db, merchantId)).map((w) => w.id);
      const accounts = (await ledger().walletTotals(deps.db, ids)).filter(
        (a) => !only.currencies?.length || only.currencies.includes(a.currency),
      );
      const flows = await ledger().moneyFlows(
        deps.db,
        accounts.map((a) => a.accountId),
        [range],
      );
      const byCurrency = new Map<string, { in: bigint; out: bigint }>();
      for (const a of accounts) {
        const f = flows.get(a.accountId)?.[0];
        const sum = byCurrency.get(a.currency) ?? { in: 0n, out: 0n };
        byCurrency.set(a.currency, { in: sum.in + (f?.in ?? 0n), out: sum.out + (f?.out ?? 0n) });
      }
      return byCurrency;
    },

    /** Available balances widget with the negative-balance notice (spec §2). */
    async available(principal: UserPrincipal) {
      const list = await repo.walletsOfMerchant(deps.db, companyOf(principal));
      const totals = sortByCurrency(
        await ledger().walletTotals(
          deps.db,
          list.map((w) => w.id),
        ),
      );
      const balances = totals.map((t) => {
        const wallet = list.find((w) => w.id === t.walletId);
        return {
          wallet_id: t.walletId,
          uuid: wallet?.uuid ?? '',
          ui_name: wallet?.uiName ?? '',
          currency: t.currency,
          balance: money(t.balance, t.currency),
          available: money(t.available, t.currency),
          is_negative: t.balance < 0n || t.available < 0n,
        };
      });
      const hasNegative = balances.some((b) => b.is_negative);
      return { balances, has_negative: hasNegative, notice: hasNegative ? NEGATIVE_BALANCE_NOTICE : null };
    },
  };
}
