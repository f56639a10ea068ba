import {
  availableActions,
  methodLabel,
  type PaymentAction,
  type PaymentMethod,
  type PaymentView,
  PAYMENT_METHODS,
  RIGHT_ACTIONS,
} from '@portal/domain';
import type { UserPrincipal } from '../../http/principal.ts';
import { money } from './payment-flow.ts';
import type { ListedPayment } from './payments.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const isMethod = (m: string): m is PaymentMethod => Object.hasOwn(PAYMENT_METHODS, m);
/** A leg of an FX exchange or of a transfer between own wallets: money that never left the company. */
export const isInternalLeg = (p: { transactionType: string }) =>
  p.transactionType === 'exchange' || p.transactionType === 'transfer';

/** Which actions the caller may take on a payment: the state machine's, filtered by rights. */
function actionsFor(l: ListedPayment, principal: UserPrincipal): PaymentAction[] {
  const p = l.p;
  // An exchange or transfer leg is never refunded, recalled or disputed as a payment.
  if (isInternalLeg(p)) return [];
  const can = (a: string) => principal.rights.has(a);
  return availableActions({
    status: p.status,
    direction: p.direction,
    hasRefund: l.refunded,
    hasRecall: p.recallRequestedAt !== null,
    hasDispute: p.disputeOpenedAt !== null,
  }).filter((a) => {
    switch (a) {
      case 'approve':
        return (
          can(RIGHT_ACTIONS.approve) && (p.createdBy !== principal.userId || can(RIGHT_ACTIONS.approveOwn))
        );
      case 'cancel':
        return can(RIGHT_ACTIONS.cancel);
      case 'refund':
        return can(RIGHT_ACTIONS.refund);
      case 'recall':
      case 'dispute':
        return can(RIGHT_ACTIONS.cancel) || can(RIGHT_ACTIONS.refund);
      default:
        return false;
    }
  });
}

/** A payment as the list and detail screens show it (spec §3 columns). */
export function toView(l: ListedPayment, principal: UserPrincipal): PaymentView {
  const p = l.p;
  const method: PaymentMethod = isMethod(p.method) ? p.method : 'INTERNAL';
  // Gross is what left or reached the wallet; net what the counterparty got; fee the difference.
  const gross = p.direction === 'outbound' ? p.amount + p.fee : p.amount;
  const net = p.direction === 'outbound' ? p.amount : p.amount - p.fee;
  return {
    id: p.id,
    reference_uuid: p.id,
    wallet_id: String(p.walletId),
    direction: p.direction,
    transaction_type: p.transactionType,
    payment_method: method,
    original_pm_label: methodLabel(method),
    status: p.status,
    creation_date: p.createdAt.toISOString(),
    capture_date: iso(p.capturedAt),
    charge_date: iso(p.chargedAt),
    settlement_date: iso(p.settledAt),
    currency: p.currency,
    gross_amount: money(gross, p.currency),
    fee_amount: money(p.fee, p.currency),
    net_amount: money(net, p.currency),
    corresponding_client: {
      name: p.payeeName,
      iban: p.counterpartyIban,
      account: p.counterpartyAccount,
      bank_code: p.counterpartyBankCode,
      bic: p.counterpartyBic,
    },
    comments: p.comments,
    end_to_end_id: p.endToEndId,
    instruction_id: p.instructionId,
    errors: p.error,
    created_by: l.createdByName,
    approved_by: l.approvedByName,
    original_payment_id: p.originalPaymentId,
    recall_requested: p.recallRequestedAt !== null,
    dispute_opened: p.disputeOpenedAt !== null,
    refunded: l.refunded,
    actions: actionsFor(l, principal),
  };
}
