import {
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { apiRoutes, RouteResponse } from '@portal/domain';
import { IconDeviceFloppy, IconTemplate } from '@tabler/icons-react';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodOption } from '../api.ts';
import type { PayoutFormValues } from './payout-form-model.ts';

type WalletRow = RouteResponse<typeof apiRoutes.walletsList>['wallets'][number];

/** "From": account, currency and payment method, with the template buttons. */
export function FromSection({
  control,
  errors,
  wallets,
  isLoading,
  wallet,
  currency,
  method,
  methods,
  onWalletChange,
  onCurrencyChange,
  onMethodChange,
  onPickTemplate,
  onSaveTemplate,
}: {
  control: Control<PayoutFormValues>;
  errors: FieldErrors<PayoutFormValues>;
  wallets: WalletRow[];
  isLoading: boolean;
  wallet: WalletRow | undefined;
  currency: string;
  method: string;
  methods: PaymentMethodOption[];
  onWalletChange: () => void;
  onCurrencyChange: () => void;
  onMethodChange: (method: string | null) => void;
  onPickTemplate: () => void;
  onSaveTemplate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('payments:form.fromTitle')}
          </Title>
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconTemplate size={16} />}
              onClick={() => onPickTemplate()}
            >
              {t('payments:templates.use')}
            </Button>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => onSaveTemplate()}
              disabled={!method}
            >
              {t('payments:templates.save')}
            </Button>
          </Group>
        </Group>
        {isLoading ? (
          <Skeleton h={60} />
        ) : (
          <Grid>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <Controller
                control={control}
                name="walletId"
                render={({ field }) => (
                  <Select
                    label={t('payments:form.wallet')}
                    placeholder={t('payments:form.walletPlaceholder')}
                    withAsterisk
                    searchable
                    data={wallets.map((w) => ({ value: w.uuid, label: w.ui_name }))}
                    value={field.value || null}
                    onChange={(v) => {
                      field.onChange(v ?? '');
                      onWalletChange();
                    }}
                    error={errors.walletId?.message}
                    nothingFoundMessage={t('payments:form.noWallets')}
                    data-testid="wallet-select"
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={control}
                name="currency"
                render={({ field }) => (
                  <Select
                    label={t('payments:form.currency')}
                    withAsterisk
                    disabled={!wallet}
                    data={(wallet?.balances ?? []).map((b) => b.currency)}
                    value={field.value || null}
                    onChange={(v) => {
                      field.onChange(v ?? '');
                      onCurrencyChange();
                    }}
                    error={errors.currency?.message}
                    data-testid="currency-select"
                  />
                )}
              />
            </Grid.Col>
          </Grid>
        )}
        <Controller
          control={control}
          name="method"
          render={({ field }) => (
            <Select
              label={t('payments:form.method')}
              placeholder={
                currency ? t('payments:form.methodPlaceholder') : t('payments:form.methodNeedsCurrency')
              }
              withAsterisk
              disabled={!currency}
              data={methods.map((m) => ({ value: m.code, label: m.label }))}
              value={field.value || null}
              onChange={onMethodChange}
              error={errors.method?.message}
              nothingFoundMessage={t('payments:form.noMethods')}
              data-testid="method-select"
            />
          )}
        />
      </Stack>
    </Paper>
  );
}

/** Amount (domain input rule, method limits) and the payment reference. */
export function AmountSection({
  control,
  errors,
  currency,
  limitText,
}: {
  control: Control<PayoutFormValues>;
  errors: FieldErrors<PayoutFormValues>;
  currency: string;
  limitText: { min: string; max: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('payments:form.amountTitle')}
        </Title>
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <TextInput
              label={t('payments:form.amount')}
              placeholder={t('payments:form.amountPlaceholder')}
              description={limitText ? t('payments:form.limits', limitText) : undefined}
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              rightSection={
                <Text size="sm" c="dimmed">
                  {currency}
                </Text>
              }
              rightSectionWidth={56}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.amount?.message}
              styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
              data-testid="amount-input"
            />
          )}
        />
        <Controller
          control={control}
          name="comments"
          render={({ field }) => (
            <Textarea
              label={t('payments:form.comments')}
              placeholder={t('payments:form.commentsPlaceholder')}
              maxLength={140}
              autosize
              minRows={2}
              {...field}
            />
          )}
        />
      </Stack>
    </Paper>
  );
}
