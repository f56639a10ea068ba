import type { NewPayment } from '../hooks/use-new-payment.ts';
import { PayoutSummary } from './payout-summary.tsx';

/** The summary step beside the form: amount, fee, total and balance after; "Continue", then "Confirm". */
export function PaymentSummaryStep({ payment }: { payment: NewPayment }) {
  const { confirm } = payment;
  return (
    <PayoutSummary
      balance={payment.wallets.balance}
      payee={payment.payee}
      figures={payment.figures}
      cop={confirm.copNote}
      isReviewed={confirm.confirmation !== null}
      onConfirm={confirm.openConfirm}
      isBusy={confirm.isChecking}
      isReady={!!payment.method}
      ibanError={payment.checks.ibanError}
    />
  );
}
