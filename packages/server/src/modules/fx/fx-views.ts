import {
  FX_CANCELABLE,
  type FxExchangeView,
  type FxListFilter,
  type FxPair,
  fromMinor,
  fxLimitsMinor,
  isCurrencyCode,
  RIGHT_ACTIONS,
  WALLET_STATUS,
} from '@portal/domain';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { companyOf, type FxContext, money, requireFx } from './fx-context.ts';
import * as repo from './fx.repo.ts';

/** FX views: exchanges as the caller sees them, the list, and the pairs the company can trade. */

interface WalletInfo {
  id: number;
  name: string;
  active: boolean;
  balances: { currency: string; available: string }[];
}

async function companyWallets(fx: FxContext, principal: UserPrincipal): Promise<WalletInfo[]> {
  const { wallets: rows } = await fx.wallets().list(principal, 1, 1000, {
    with_subaccounts: true,
    sort_param: 'created',
    sort_order: 'asc',
  });
  return rows.map((w) => ({
    id: w.id,
    name: w.ui_name,
    active: w.status === WALLET_STATUS.active,
    balances: w.balances.map((b) => ({ currency: b.currency, available: b.available })),
  }));
}

/** Names of one exchange's two wallets (two primary-key reads, not the whole wallet list). */
export async function namesOf(fx: FxContext, e: repo.ExchangeRow): Promise<Map<number, string>> {
  const ids = [...new Set([e.sellWalletId, e.buyWalletId])];
  const found = await Promise.all(
    ids.map((id) =>
      fx
        .wallets()
        .getWalletForMerchant(fx.db, e.merchantId, id)
        .catch(() => null),
    ),
  );
  return new Map(found.filter((w) => w !== null).map((w) => [w.id, w.uiName]));
}

/** One exchange as the caller sees it. */
export const viewOne = async (fx: FxContext, e: repo.ExchangeRow, p: UserPrincipal) =>
  toView(e, await namesOf(fx, e), p);

async function walletNames(fx: FxContext, principal: UserPrincipal): Promise<Map<number, string>> {
  return new Map((await companyWallets(fx, principal)).map((w) => [w.id, w.name]));
}

function toView(e: repo.ExchangeRow, names: Map<number, string>, p: UserPrincipal): FxExchangeView {
  const status = e.status;
  const own = e.createdBy === p.userId;
  const canApprove =
    status === 'created' &&
    p.rights.has(RIGHT_ACTIONS.approve) &&
    (!own || p.rights.has(RIGHT_ACTIONS.approveOwn));
  const canCancel = FX_CANCELABLE.includes(status) && (own || p.rights.has(RIGHT_ACTIONS.cancel));
  return {
    id: e.id,
    reference: `FX-${e.id.slice(0, 8).toUpperCase()}`,
    status,
    settlement: e.settlement,
    fixed_side: e.fixedSide,
    sell_wallet_id: String(e.sellWalletId),
    sell_wallet_name: names.get(e.sellWalletId) ?? '',
    sell_currency: e.sellCurrency,
    sell_amount: money(e.sellAmount, e.sellCurrency),
    buy_wallet_id: String(e.buyWalletId),
    buy_wallet_name: names.get(e.buyWalletId) ?? '',
    buy_currency: e.buyCurrency,
    buy_amount: money(e.buyAmount, e.buyCurrency),
    rate: e.rate,
    value_date: e.valueDate,
    created_at: e.createdAt.toISOString(),
    executed_at: e.executedAt?.toISOString() ?? null,
    settled_at: e.settledAt?.toISOString() ?? null,
    created_by: e.createdBy,
    approved_by: e.approvedBy,
    error: e.error,
    actions: [
      ...(canApprove ? (['approve', 'reject'] as const) : []),
      ...(canCancel ? (['cancel'] as const) : []),
    ],
  };
}

export async function getExchange(fx: FxContext, p: UserPrincipal, id: string): Promise<FxExchangeView> {
  const e = await repo.findExchange(fx.db, id, companyOf(p));
  if (!e) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
  return viewOne(fx, e, p);
}

export async function listExchanges(
  fx: FxContext,
  p: UserPrincipal,
  page: number,
  rows: number,
  f: FxListFilter,
) {
  const merchantId = companyOf(p);
  const { rows: list, total } = await repo.list(
    fx.db,
    {
      merchantId,
      status: f.status,
      settlement: f.settlement,
      currency: f.currency,
      from: f.date_from ? new Date(`${f.date_from}T00:00:00Z`) : undefined,
      to: f.date_to ? new Date(new Date(`${f.date_to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
      order: f.sort_order ?? 'desc',
    },
    rows,
    (page - 1) * rows,
  );
  const names = await walletNames(fx, p);
  return { exchanges: list.map((e) => toView(e, names, p)), total };
}

export async function listPairs(
  fx: FxContext,
  p: UserPrincipal,
  merchantParam: string,
  currency: string,
): Promise<FxPair[]> {
  const merchantId = requireFx(p);
  if (merchantParam !== merchantId) throw new DomainError('NOT_FOUND');
  const list = (await companyWallets(fx, p)).filter((w) => w.active);
  const codes = [...new Set(list.flatMap((w) => w.balances.map((b) => b.currency)))].filter(isCurrencyCode);
  const pairs: FxPair[] = [];
  for (const sell of codes) {
    if (currency !== 'all' && sell !== currency) continue;
    for (const buy of codes) {
      if (buy === sell) continue;
      const sl = fxLimitsMinor(sell);
      const bl = fxLimitsMinor(buy);
      pairs.push({
        sell_currency: sell,
        buy_currency: buy,
        sell_wallets: list.flatMap((w) =>
          w.balances
            .filter((b) => b.currency === sell)
            .map((b) => ({ id: String(w.id), name: w.name, available: b.available })),
        ),
        buy_wallets: list
          .filter((w) => w.balances.some((b) => b.currency === buy))
          .map((w) => ({ id: String(w.id), name: w.name })),
        sell_min: fromMinor(sl.min, sell),
        sell_max: fromMinor(sl.max, sell),
        buy_min: fromMinor(bl.min, buy),
        buy_max: fromMinor(bl.max, buy),
      });
    }
  }
  return pairs;
}
