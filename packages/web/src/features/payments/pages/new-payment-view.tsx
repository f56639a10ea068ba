import { Grid } from '@mantine/core';
import { PayoutResult } from '../components/payout-result.tsx';
import { TemplatePickerModal } from '../components/template-picker-modal.tsx';
import { TemplateSaveModal } from '../components/template-save-modal.tsx';
import { PaymentConfirmStep } from '../forms/payment-confirm-step.tsx';
import { PaymentDetailsStep } from '../forms/payment-details-step.tsx';
import { PaymentSummaryStep } from '../forms/payment-summary-step.tsx';
import { useNewPayment } from '../hooks/use-new-payment.ts';

/** Make payment (spec §2): wallet, currency, method, requisites, amount; checks; SCA confirmation. */
export function NewPaymentView() {
  const payment = useNewPayment();
  const { form, confirm, templates } = payment;

  if (confirm.created) return <PayoutResult payment={confirm.created} onAnother={payment.startAnother} />;

  return (
    <form onSubmit={confirm.onContinue} noValidate data-testid="new-payment-form">
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <PaymentDetailsStep payment={payment} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PaymentSummaryStep payment={payment} />
        </Grid.Col>
      </Grid>
      <PaymentConfirmStep payment={payment} />
      <TemplatePickerModal
        opened={templates.isPicking}
        onClose={templates.closePicker}
        onPick={templates.onPick}
      />
      <TemplateSaveModal
        opened={templates.isSaving}
        values={form.getValues()}
        onClose={templates.closeSave}
      />
    </form>
  );
}
