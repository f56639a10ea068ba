import { type CurrencyCode, fromMinor, NETWORKS, RIGHT_ACTIONS } from '@portal/domain';
import type { UserPrincipal } from '../../http/principal.ts';
import type { DealRow, TransferRow } from './onchain.repo.ts';

export const amount = (minor: bigint, currency: string) => fromMinor(minor, currency as CurrencyCode);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A transfer as the browser sees it, with the live confirmation count the caller read. */
export function transferView(t: TransferRow, principal: UserPrincipal, confirmations: number) {
  const own = t.createdBy === principal.userId;
  const canApprove =
    t.status === 'created' &&
    principal.rights.has(RIGHT_ACTIONS.approve) &&
    (!own || principal.rights.has(RIGHT_ACTIONS.approveOwn));
  const required = NETWORKS[t.network].requiredConfirmations;
  return {
    id: t.id,
    status: t.status,
    asset: t.asset as 'BTC' | 'ETH' | 'USDT' | 'USDC',
    network: t.network,
    address: t.address,
    wallet_id: String(t.walletId),
    funding_currency: t.fundingCurrency,
    coin_amount: amount(t.coinAmount, t.asset),
    fee: amount(t.fee, t.asset),
    debit_amount: amount(t.debitAmount, t.fundingCurrency),
    rate: t.rate,
    tx_hash: t.txHash,
    confirmations: t.status === 'settled' ? Math.max(confirmations, required) : confirmations,
    required_confirmations: required,
    send_at: iso(t.sendAt),
    cancel_at: iso(t.cancelAt),
    error: t.error,
    comments: t.comments,
    created_at: t.createdAt.toISOString(),
    settled_at: iso(t.settledAt),
    created_by_me: own,
    can_approve: canApprove,
    can_cancel:
      (t.status === 'created' || t.status === 'queued') &&
      (own || principal.rights.has(RIGHT_ACTIONS.cancel)),
  };
}

export function dealView(d: DealRow) {
  return {
    id: d.id,
    status: d.status,
    ticker: d.ticker as 'BTC' | 'ETH' | 'USDT' | 'USDC',
    network: d.network,
    currency: d.currency as 'EUR' | 'GBP' | 'USD',
    expected_amount: amount(d.expectedAmount, d.ticker),
    settled_amount: d.settledAmount === null ? null : amount(d.settledAmount, d.ticker),
    difference: d.settledAmount === null ? null : amount(d.settledAmount - d.expectedAmount, d.ticker),
    receiver_wallet: d.receiverWallet,
    deposit_address: d.depositAddress,
    ttl_hours: d.ttlHours,
    trx_id: d.trxId,
    release_tx_hash: d.releaseTxHash,
    expires_at: d.expiresAt.toISOString(),
    created_at: d.createdAt.toISOString(),
    warnings: d.warnings,
  };
}
