/**
 * On-chain transfer statuses (a subset of the payment statuses of spec §4, same meanings):
 * - created: confirmed by its maker, waiting for approval (maker-checker), nothing held;
 * - queued: approved outside the 06:00-12:00 UK window, funds held, sent when the window opens;
 * - pending: broadcast, funds held, confirmations counting up;
 * - settled: the required confirmations reached, the hold became postings;
 * - declined: the transaction failed on chain (hold released);
 * - canceled: dropped from the mempool, cancelled by the user before sending, or USD-funded and
 *   not settled by 12:30 UK time (hold released).
 */
export const TRANSFER_STATUSES = ['created', 'queued', 'pending', 'settled', 'declined', 'canceled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const TRANSFER_TRANSITIONS = {
  created: ['queued', 'pending', 'canceled'],
  queued: ['pending', 'canceled'],
  pending: ['settled', 'declined', 'canceled'],
  settled: [],
  declined: [],
  canceled: [],
} as const satisfies Record<TransferStatus, readonly TransferStatus[]>;

export function canMoveTransfer(from: TransferStatus, to: TransferStatus): boolean {
  const allowed: readonly TransferStatus[] = TRANSFER_TRANSITIONS[from];
  return allowed.includes(to);
}

/**
 * Escrow deal statuses:
 * - awaiting: created, waiting for the counterparty's deposit until the expiry (created + TTL);
 * - funded / underpaid / overpaid: a deposit was matched by its Trx ID; the settled amount is
 *   equal to, below or above the expected amount;
 * - confirmed: the company confirmed; the settled amount is released to the receiver wallet;
 * - declined: the company declined; a deposit, if any, goes back to the sender;
 * - expired: no deposit before the expiry (the expiry job).
 */
export const DEAL_STATUSES = [
  'awaiting',
  'funded',
  'underpaid',
  'overpaid',
  'confirmed',
  'declined',
  'expired',
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const DEAL_TRANSITIONS = {
  awaiting: ['funded', 'underpaid', 'overpaid', 'declined', 'expired'],
  funded: ['confirmed', 'declined'],
  // An underpaid deal may still be confirmed for what arrived (the user sees the difference).
  underpaid: ['confirmed', 'declined'],
  overpaid: ['confirmed', 'declined'],
  confirmed: [],
  declined: [],
  expired: [],
} as const satisfies Record<DealStatus, readonly DealStatus[]>;

export type DealAction = 'deposit' | 'confirm' | 'decline' | 'expire';

export function canMoveDeal(from: DealStatus, to: DealStatus): boolean {
  const allowed: readonly DealStatus[] = DEAL_TRANSITIONS[from];
  return allowed.includes(to);
}

/** The status a matched deposit gives: by the settled amount against the expected one. */
export function depositStatus(expected: bigint, settled: bigint): 'funded' | 'underpaid' | 'overpaid' {
  if (settled === expected) return 'funded';
  return settled < expected ? 'underpaid' : 'overpaid';
}

/** The status after an action, or null when the action is not allowed in `from`. */
export function nextDealStatus(
  from: DealStatus,
  action: DealAction,
  amounts?: { expected: bigint; settled: bigint },
): DealStatus | null {
  let to: DealStatus;
  if (action === 'deposit') {
    if (!amounts) return null;
    to = depositStatus(amounts.expected, amounts.settled);
  } else to = action === 'confirm' ? 'confirmed' : action === 'decline' ? 'declined' : 'expired';
  return canMoveDeal(from, to) ? to : null;
}

export const FINAL_DEAL_STATUSES = DEAL_STATUSES.filter((s) => DEAL_TRANSITIONS[s].length === 0);
