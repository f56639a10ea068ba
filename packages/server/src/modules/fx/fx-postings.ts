import { type FxLegRole, fxJournal } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { type FxContext, money } from './fx-context.ts';
import type * as repo from './fx.repo.ts';

/** The balanced journal of an exchange: both currencies through FX position accounts, spread as revenue. */
export async function exchangePostings(fx: FxContext, tx: Tx, e: repo.ExchangeRow) {
  const l = fx.ledger();
  const sellWallet = await l.walletAccount(tx, e.sellWalletId, e.sellCurrency);
  const buyWallet = await l.walletAccount(tx, e.buyWalletId, e.buyCurrency);
  const sellPosition = await l.systemAccount(tx, 'fx_position', e.sellCurrency);
  const buyPosition = await l.systemAccount(tx, 'fx_position', e.buyCurrency);
  const accounts: Record<FxLegRole, () => Promise<number>> = {
    sellWallet: async () => sellWallet,
    sellPosition: async () => sellPosition,
    buyPosition: async () => buyPosition,
    buyWallet: async () => buyWallet,
    spreadRevenue: () => l.systemAccount(tx, 'fee_income', e.buyCurrency),
  };
  const postings = [];
  for (const leg of fxJournal({
    sellCurrency: e.sellCurrency,
    sellMinor: e.sellAmount,
    buyCurrency: e.buyCurrency,
    buyMinor: e.buyAmount,
    spreadMinor: e.spreadAmount,
  }))
    postings.push({ accountId: await accounts[leg.role](), amount: leg.amount });
  return {
    kind: 'fx' as const,
    reference: `fx:${e.id}`,
    details: {
      counterparty: 'Currency exchange',
      method: 'FX',
      description: `Currency exchange ${money(e.sellAmount, e.sellCurrency)} ${e.sellCurrency} to ${money(e.buyAmount, e.buyCurrency)} ${e.buyCurrency} at ${e.rate} (FX-${e.id.slice(0, 8).toUpperCase()})`,
    },
    postings,
  };
}

/** The exchange's two legs in the payments list (transaction type exchange), same transaction. */
export async function paymentLegs(
  fx: FxContext,
  tx: Tx,
  e: repo.ExchangeRow,
  entryId: number,
  approvedBy: string | null,
  now: Date,
) {
  await fx.payments().recordExchangeLegs(tx, {
    merchantId: e.merchantId,
    reference: `FX-${e.id.slice(0, 8).toUpperCase()}`,
    sell: { walletId: e.sellWalletId, currency: e.sellCurrency, amount: e.sellAmount },
    buy: { walletId: e.buyWalletId, currency: e.buyCurrency, amount: e.buyAmount },
    entryId,
    createdBy: e.createdBy,
    approvedBy,
    createdAt: e.createdAt,
    settledAt: now,
  });
}
