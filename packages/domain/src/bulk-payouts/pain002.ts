import type { PaymentStatus } from '../enums/payments.ts';

/** The status report (pain.002.001.03) the terminal writes for a processed pain.001 batch (issue 35). */
export const PAIN002_VERSION = 'pain.002.001.03';
export const PAIN002_NAMESPACE = `urn:iso:std:iso:20022:tech:xsd:${PAIN002_VERSION}`;

/**
 * The transaction statuses the report uses (ISO 20022 TransactionIndividualStatus3Code):
 * ACSC settled; ACSP accepted and handed to the rail, settlement in process; PDNG not yet
 * executed (waiting for approval, or its payment not made yet); RJCT rejected, returned or cancelled.
 */
export const PAIN002_TX_STATUSES = ['ACSC', 'ACSP', 'PDNG', 'RJCT'] as const;
export type Pain002TxStatus = (typeof PAIN002_TX_STATUSES)[number];

/** Group and payment-information status (TransactionGroupStatus3Code): all, some or none rejected. */
export type Pain002GroupStatus = 'ACCP' | 'PART' | 'RJCT';

/** The ISO external status reason codes (ExternalStatusReason1Code) the report gives. */
export const PAIN002_REASONS = {
  AM04: 'Insufficient funds',
  AC01: 'Incorrect account number',
  DS02: 'Order cancelled by an authorised user',
  MS02: 'Reason not specified, customer generated',
  MS03: 'Reason not specified, agent generated',
} as const;
export type Pain002Reason = keyof typeof PAIN002_REASONS;

/** Why a payment of the batch did not go through, as far as the portal knows it. */
export type PaymentFailure = 'insufficientFunds' | 'incorrectAccount' | 'recalled' | null;

/**
 * A payment's state as a pain.002 transaction status and, where it did not go through, a reason.
 * A payment waiting for approval because funds were short stays PDNG with AM04: it may still be
 * approved. A returned payment is reported RJCT (the R-transaction), MS02 when the client recalled it.
 */
export function pain002StatusOf(
  status: PaymentStatus | null,
  failure: PaymentFailure,
): { status: Pain002TxStatus; reason: Pain002Reason | null } {
  const short = failure === 'insufficientFunds' ? ('AM04' as const) : null;
  if (status === null) return { status: 'PDNG', reason: null };
  const table = {
    initializing: { status: 'PDNG', reason: null },
    created: { status: 'PDNG', reason: short },
    pending: { status: 'ACSP', reason: null },
    authorized: { status: 'ACSP', reason: null },
    captured: { status: 'ACSP', reason: null },
    settled: { status: 'ACSC', reason: null },
    declined: { status: 'RJCT', reason: failure === 'incorrectAccount' ? 'AC01' : 'MS03' },
    rejected: { status: 'RJCT', reason: 'MS03' },
    canceled: { status: 'RJCT', reason: 'DS02' },
    expired: { status: 'RJCT', reason: short ?? 'MS02' },
    returned: { status: 'RJCT', reason: failure === 'recalled' ? 'MS02' : 'MS03' },
  } as const satisfies Record<PaymentStatus, { status: Pain002TxStatus; reason: Pain002Reason | null }>;
  return table[status];
}

/** All transactions rejected → RJCT, some → PART, none → ACCP. */
export function pain002GroupStatusOf(statuses: readonly Pain002TxStatus[]): Pain002GroupStatus {
  const rejected = statuses.filter((s) => s === 'RJCT').length;
  if (rejected === 0) return 'ACCP';
  return rejected === statuses.length ? 'RJCT' : 'PART';
}
