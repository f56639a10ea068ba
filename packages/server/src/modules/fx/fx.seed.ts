import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { DemoSeedContext } from '../module.ts';
import * as repo from './fx.repo.ts';

/**
 * The FX record of every exchange the demo history booked (wallets demo seed), with its two legs in
 * the payments list, as a real instant exchange leaves them: the FX list then shows each exchange
 * the statements list (issue 36).
 */
export async function seedFx(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const exchanges = ctx.exchanges ?? [];
  if (exchanges.length === 0) return;
  const by = ctx.ids.masterUserId;
  if (!by) return;
  await inTransaction(deps.db, async (tx) => {
    for (const e of exchanges) {
      const deal = {
        merchantId: e.merchantId,
        settlement: 'instant' as const,
        valueDate: e.at.toISOString().slice(0, 10),
        fixedSide: 'sell' as const,
        sellWalletId: e.sellWalletId,
        sellCurrency: e.sellCurrency,
        sellAmount: e.sellAmount,
        buyWalletId: e.buyWalletId,
        buyCurrency: e.buyCurrency,
        buyAmount: e.buyAmount,
        rate: e.rate,
        midRate: e.rate,
        spreadBps: 0,
        spreadAmount: 0n,
      };
      // The quote the Master User confirmed, used by the exchange (as an instant exchange leaves it).
      const quote = await repo.insertQuote(tx, {
        ...deal,
        userId: by,
        challengeId: `demo-${randomUUID()}`,
        expiresAt: e.at,
        usedAt: e.at,
        createdAt: e.at,
      });
      await repo.insertExchange(tx, {
        ...deal,
        id: e.id,
        quoteId: quote.id,
        status: 'completed',
        entryId: e.entryId,
        createdBy: by,
        approvedBy: by,
        createdAt: e.at,
        executedAt: e.at,
        settledAt: e.at,
        updatedAt: e.at,
      });
      await service(deps, 'payments').recordExchangeLegs(tx, {
        merchantId: e.merchantId,
        reference: `FX-${e.id.slice(0, 8).toUpperCase()}`,
        sell: { walletId: e.sellWalletId, currency: e.sellCurrency, amount: e.sellAmount },
        buy: { walletId: e.buyWalletId, currency: e.buyCurrency, amount: e.buyAmount },
        entryId: e.entryId,
        createdBy: by,
        approvedBy: by,
        createdAt: e.at,
        settledAt: e.at,
      });
    }
  });
}
