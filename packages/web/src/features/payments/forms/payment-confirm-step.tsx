import { ConfirmPayoutModal } from '../components/confirm-payout-modal.tsx';
import { CopWarningModal } from '../components/cop-warning-modal.tsx';
import type { NewPayment } from '../hooks/use-new-payment.ts';

/** The confirmation step: the Confirmation of Payee warning, then the password + code dialog. */
export function PaymentConfirmStep({ payment }: { payment: NewPayment }) {
  const { confirm } = payment;
  return (
    <>
      <CopWarningModal
        outcome={confirm.cop}
        payee={payment.payee}
        onDismiss={confirm.onCopDismiss}
        onProceed={confirm.onCopProceed}
      />
      <ConfirmPayoutModal
        confirmation={confirm.isConfirmOpen ? confirm.confirmation : null}
        availableBefore={payment.wallets.balance?.available ?? null}
        isPending={confirm.isCreating}
        error={confirm.createError}
        onConfirm={confirm.onConfirm}
        onClose={confirm.onConfirmClose}
      />
    </>
  );
}
