import { Alert, Button, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { TRANSFER_REFERENCE_MAX, type WalletTransferRequest } from '@portal/domain';
import { IconArrowsRightLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatAmount, useFormat } from '../../../shared/format/index.ts';
import { useTransferAccounts } from '../api.ts';
import {
  emptyTransfer,
  sourceKey,
  type TransferAccount,
  type TransferFormValues,
  targetsOf,
  toTransferRequest,
  transferResolver,
} from './transfer-form-model.ts';

/** The form of a transfer: from (account and currency), to (same currency only), amount, reference. */
export function TransferFormStep({
  initial,
  fromWalletId,
  isChecking,
  onCancel,
  onContinue,
}: {
  /** The values typed before going back from the confirmation. */
  initial: TransferFormValues | null;
  fromWalletId?: number | undefined;
  isChecking: boolean;
  onCancel: () => void;
  onContinue: (values: TransferFormValues, request: WalletTransferRequest) => void;
}) {
  const query = useTransferAccounts(true);
  if (query.isPending) return <Skeleton height={260} data-testid="transfer-loading" />;
  return (
    <TransferForm
      accounts={query.data?.balances ?? []}
      initial={initial}
      fromWalletId={fromWalletId}
      isChecking={isChecking}
      onCancel={onCancel}
      onContinue={onContinue}
    />
  );
}

/** The form over the accounts already loaded (exported for its component test). */
export function TransferForm({
  accounts,
  initial,
  fromWalletId,
  isChecking,
  onCancel,
  onContinue,
}: {
  accounts: readonly TransferAccount[];
  initial: TransferFormValues | null;
  fromWalletId?: number | undefined;
  isChecking: boolean;
  onCancel: () => void;
  onContinue: (values: TransferFormValues, request: WalletTransferRequest) => void;
}) {
  const { t } = useTranslation('wallets');
  const { locale } = useFormat();
  const resolver = useMemo(() => transferResolver(accounts, t), [accounts, t]);
  const form = useForm<TransferFormValues>({
    resolver,
    defaultValues: initial ?? emptyTransfer(accounts, fromWalletId),
  });
  const source = form.watch('source');
  const targets = targetsOf(accounts, source);
  const from = accounts.find((a) => sourceKey(a) === source);
  // Short options (a phone shows them whole); what the source has available is said under it.
  const label = (a: TransferAccount) =>
    t('transfer.accountOption', { name: a.ui_name, currency: a.currency });
  const submit = form.handleSubmit((values) => {
    const request = toTransferRequest(accounts, values);
    if (request) onContinue(values, request);
  });

  // Nothing to move between: the company needs two accounts of one currency.
  const hasPair = accounts.some((a) => targetsOf(accounts, sourceKey(a)).length > 0);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="transfer-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('transfer.intro')}
        </Text>
        {hasPair ? null : <Alert color="yellow">{t('transfer.noPair')}</Alert>}
        <Controller
          control={form.control}
          name="source"
          render={({ field, fieldState }) => (
            <Select
              label={t('transfer.from')}
              placeholder={t('transfer.fromPlaceholder')}
              description={
                from
                  ? t('transfer.available', { amount: formatAmount(from.available, from.currency, locale) })
                  : undefined
              }
              data={accounts.map((a) => ({ value: sourceKey(a), label: label(a) }))}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                // A target of another currency no longer fits.
                form.setValue('target', '');
              }}
              error={fieldState.error?.message}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="transfer-from"
            />
          )}
        />
        <Controller
          control={form.control}
          name="target"
          render={({ field, fieldState }) => (
            <Select
              label={t('transfer.to')}
              placeholder={
                from ? t('transfer.toPlaceholder', { currency: from.currency }) : t('transfer.toFirst')
              }
              data={targets.map((a) => ({ value: String(a.wallet_id), label: label(a) }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              disabled={!from}
              nothingFoundMessage={t('transfer.noTarget')}
              error={fieldState.error?.message}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="transfer-to"
            />
          )}
        />
        <TextInput
          label={t('transfer.amount')}
          inputMode="decimal"
          autoComplete="off"
          rightSection={from ? <Text size="sm">{from.currency}</Text> : null}
          rightSectionWidth={56}
          error={form.formState.errors.amount?.message}
          data-testid="transfer-amount"
          {...form.register('amount')}
        />
        <TextInput
          label={t('transfer.reference')}
          description={t('transfer.referenceHint')}
          maxLength={TRANSFER_REFERENCE_MAX}
          error={form.formState.errors.reference?.message}
          data-testid="transfer-reference"
          {...form.register('reference')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={isChecking}
            disabled={!hasPair}
            leftSection={<IconArrowsRightLeft size={16} />}
            data-testid="transfer-continue"
          >
            {t('transfer.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
