import { Group, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { ibanCountry, methodLabel, type PaymentMethod } from '@portal/domain';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NewPayment } from '../hooks/use-new-payment.ts';
import { AmountSection, FromSection } from './payout-sections.tsx';
import { RequisiteFields } from './requisite-fields.tsx';

/** "To": payee type and the requisites the chosen method asks for, with their server checks. */
function PayeeSection({ payment, method }: { payment: NewPayment; method: PaymentMethod }) {
  const { t } = useTranslation();
  const { form, checks } = payment;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('payments:form.toTitle')}
          </Title>
          <Controller
            control={form.control}
            name="payeeType"
            render={({ field }) => (
              <SegmentedControl
                size="xs"
                value={field.value}
                onChange={field.onChange}
                data={[
                  { value: 'corporate', label: t('payments:form.payeeType.corporate') },
                  { value: 'individual', label: t('payments:form.payeeType.individual') },
                ]}
              />
            )}
          />
        </Group>
        <RequisiteFields
          specs={payment.specs}
          control={form.control}
          errors={form.formState.errors}
          ibanCheck={checks.ibanCheck}
          intermediaryBank={checks.intermediaryBank}
          onIbanBlur={checks.onIbanBlur}
          onIntermediaryBlur={checks.onIntermediaryBlur}
          onUseBic={(bic) => form.setValue('requisites.bic', bic, { shouldValidate: true })}
          ibanCountryOf={ibanCountry(payment.iban ?? '')}
          methodName={methodLabel(method)}
        />
      </Stack>
    </Paper>
  );
}

/** The form step: from (account, currency, method), to (payee and requisites) and the amount. */
export function PaymentDetailsStep({ payment }: { payment: NewPayment }) {
  const { form, wallets, method, currency, templates } = payment;
  return (
    <Stack gap="lg">
      <FromSection
        control={form.control}
        errors={form.formState.errors}
        wallets={wallets.list}
        isLoading={wallets.isLoading}
        wallet={wallets.wallet}
        currency={currency}
        method={method}
        methods={payment.methodOptions}
        onWalletChange={payment.onWalletChange}
        onCurrencyChange={payment.onCurrencyChange}
        onMethodChange={payment.onMethodChange}
        onPickTemplate={templates.openPicker}
        onSaveTemplate={templates.openSave}
      />
      {method ? <PayeeSection payment={payment} method={method} /> : null}
      {method ? (
        <AmountSection
          control={form.control}
          errors={form.formState.errors}
          currency={currency}
          limitText={payment.limitText}
        />
      ) : null}
    </Stack>
  );
}
