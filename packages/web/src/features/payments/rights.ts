import { RIGHT_ACTIONS } from '@portal/domain';
import { useRights, useSession } from '../../shared/session/index.ts';
import type { PaymentView } from './api.ts';

export type PaymentUiAction = 'approve' | 'cancel' | 'refund' | 'recall' | 'dispute';

/**
 * What the user may do with a payment: the actions its state allows (server `actions`) that the
 * user's rights open (spec §6). Approving one's own payment also needs "approve own".
 * Recall and dispute need no separate right in the spec; they go with cancel and refund.
 */
export function usePaymentPermissions() {
  const rights = useRights();
  const { userId } = useSession();
  const allowed = (
    payment: Pick<PaymentView, 'actions' | 'created_by'>,
    action: PaymentUiAction,
  ): boolean => {
    const offered = (payment.actions as readonly string[]).includes(action);
    if (!offered) return false;
    switch (action) {
      case 'approve':
        return (
          rights.has(RIGHT_ACTIONS.approve) &&
          (payment.created_by !== userId || rights.has(RIGHT_ACTIONS.approveOwn))
        );
      case 'cancel':
      case 'recall':
        return rights.has(RIGHT_ACTIONS.cancel);
      case 'refund':
      case 'dispute':
        return rights.has(RIGHT_ACTIONS.refund);
      default:
        return assertNever(action);
    }
  };
  return {
    isLoaded: rights.isLoaded,
    canCreate: rights.has(RIGHT_ACTIONS.create),
    canMass: rights.has(RIGHT_ACTIONS.approve) || rights.has(RIGHT_ACTIONS.cancel),
    allowed,
  };
}

function assertNever(value: never): never {
  throw new Error(`unknown action ${String(value)}`);
}
