import type { Tx } from '../../db/client.ts';
import * as repo from './payments.repo.ts';

/** One executed FX exchange as the payments list shows it (docs/decisions.md "FX"). */
export interface ExchangeLegs {
  merchantId: string;
  /** The exchange's reference, e.g. FX-1A2B3C4D; both rows carry it in their comments. */
  reference: string;
  sell: { walletId: number; currency: string; amount: bigint };
  buy: { walletId: number; currency: string; amount: bigint };
  entryId: number;
  createdBy: string | null;
  approvedBy: string | null;
  createdAt: Date;
  settledAt: Date;
}

/**
 * Writes an exchange's two legs into the payments list, in the FX transaction that moved the money:
 * the sell leg outbound and the buy leg inbound, settled, transaction type `exchange`, method
 * INTERNAL. They carry no postback of their own (FX sends type `fx`) and no payment actions.
 */
export async function recordExchangeLegs(tx: Tx, e: ExchangeLegs): Promise<void> {
  const common = {
    merchantId: e.merchantId,
    transactionType: 'exchange' as const,
    method: 'INTERNAL' as const,
    status: 'settled' as const,
    fee: 0n,
    payeeName: 'Currency exchange',
    entryId: e.entryId,
    createdBy: e.createdBy,
    approvedBy: e.approvedBy,
    createdAt: e.createdAt,
    updatedAt: e.settledAt,
    settledAt: e.settledAt,
  };
  await repo.insertPayment(tx, {
    ...common,
    walletId: e.sell.walletId,
    direction: 'outbound',
    currency: e.sell.currency,
    amount: e.sell.amount,
    comments: `${e.reference}: ${e.sell.currency} to ${e.buy.currency}`,
  });
  await repo.insertPayment(tx, {
    ...common,
    walletId: e.buy.walletId,
    direction: 'inbound',
    currency: e.buy.currency,
    amount: e.buy.amount,
    comments: `${e.reference}: ${e.sell.currency} to ${e.buy.currency}`,
  });
}
