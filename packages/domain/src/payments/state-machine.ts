import type { PaymentStatus } from '../enums/payments.ts';

/**
 * The payment state machine (spec §4; transitions are ours, listed in docs/decisions.md).
 *
 * - initializing: an inbound payment announced by the rail but not yet booked;
 * - created: an outbound payment confirmed by its maker, waiting for approval (no money held);
 * - pending: approved, funds held, handed to the rail;
 * - authorized (technical) / captured: the rail accepted it / took the funds;
 * - settled: final booking on the ledger (hold became postings);
 * - declined / rejected: the rail or the provider refused it (hold released);
 * - canceled: stopped by a user before settlement (hold released, free of charge);
 * - expired: never approved within the approval window;
 * - returned: settled, then sent back by the payee bank or recalled (reversal posted).
 */
export const PAYMENT_TRANSITIONS = {
  initializing: ['created', 'pending', 'settled', 'declined', 'rejected'],
  created: ['pending', 'canceled', 'expired', 'rejected'],
  pending: ['authorized', 'captured', 'settled', 'declined', 'rejected', 'canceled'],
  authorized: ['captured', 'settled', 'declined', 'canceled'],
  captured: ['settled', 'declined'],
  settled: ['returned'],
  declined: [],
  canceled: [],
  expired: [],
  rejected: [],
  returned: [],
} as const satisfies Record<PaymentStatus, readonly PaymentStatus[]>;

/** Whether a payment may move from `from` to `to`. */
export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  const allowed: readonly PaymentStatus[] = PAYMENT_TRANSITIONS[from];
  return allowed.includes(to);
}

/** Statuses no transition leaves. */
export const FINAL_PAYMENT_STATUSES = (Object.keys(PAYMENT_TRANSITIONS) as PaymentStatus[]).filter(
  (s) => PAYMENT_TRANSITIONS[s].length === 0,
);

/** Statuses in which money is held on the paying wallet (hold placed, not yet settled/released). */
export const HELD_STATUSES = [
  'pending',
  'authorized',
  'captured',
] as const satisfies readonly PaymentStatus[];

/** Statuses that count as "pending" in the pay-in/pay-out pending lists. */
export const IN_FLIGHT_STATUSES = [
  'initializing',
  'created',
  'pending',
  'authorized',
  'captured',
] as const satisfies readonly PaymentStatus[];

/** A refund or second recall is refused while a refund of this status exists (failed ones don't count). */
export const LIVE_STATUSES = [
  'initializing',
  'created',
  'pending',
  'authorized',
  'captured',
  'settled',
] as const satisfies readonly PaymentStatus[];

export type PaymentDirection = 'inbound' | 'outbound';

/** Actions a user can take on a payment in a given state (before rights are checked). */
export function availableActions(p: {
  status: PaymentStatus;
  direction: PaymentDirection;
  hasRefund: boolean;
  hasRecall: boolean;
  hasDispute: boolean;
}): ('approve' | 'cancel' | 'refund' | 'recall' | 'dispute')[] {
  const out: ('approve' | 'cancel' | 'refund' | 'recall' | 'dispute')[] = [];
  if (p.direction === 'outbound') {
    if (p.status === 'created') out.push('approve');
    if (canTransition(p.status, 'canceled')) out.push('cancel');
    if (p.status === 'settled' && !p.hasRecall) out.push('recall');
  } else if (p.status === 'settled' && !p.hasRefund) {
    out.push('refund');
  }
  if (p.status === 'settled' && !p.hasDispute) out.push('dispute');
  return out;
}
