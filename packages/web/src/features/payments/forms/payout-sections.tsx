import {
  Alert,
  Button,
  Divider,
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
import {
  type apiRoutes,
  fromMinor,
  isCurrencyCode,
  parseAmountInput,
  type RouteResponse,
  tryToMinor,
} from '@portal/domain';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDeviceFloppy,
  IconLock,
  IconTemplate,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodOption } from '../api.ts';
import { Money } from '../components/money.tsx';
import classes from '../components/payments.module.css';
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
          <Title order={4}>{t('payments:form.fromTitle')}</Title>
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
        <Title order={4}>{t('payments:form.amountTitle')}</Title>
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

/** Figures of the summary, exact in minor units: what leaves the account and what stays. */
export interface PayoutFigures {
  currency: string;
  amount: string | null;
  fee: string | null;
  total: string | null;
  balanceAfter: string | null;
  isShort: boolean;
}

/** Amount, fee (known once the server checked the payment), total debit and balance after. */
export function payoutFigures(
  currency: string,
  typedAmount: string,
  available: string | undefined,
  quote: { amount: string; fee: string } | null,
): PayoutFigures | null {
  if (!currency || !isCurrencyCode(currency)) return null;
  const parsed = quote ? { ok: true as const, value: quote.amount } : parseAmountInput(typedAmount);
  const amount = parsed.ok ? tryToMinor(parsed.value, currency) : null;
  if (!amount?.ok || amount.value <= 0n)
    return { currency, amount: null, fee: null, total: null, balanceAfter: null, isShort: false };
  const fee = quote ? tryToMinor(quote.fee, currency) : null;
  const feeMinor = fee?.ok ? fee.value : null;
  const total = feeMinor === null ? null : amount.value + feeMinor;
  const balance = available === undefined ? null : tryToMinor(available, currency);
  const after = total !== null && balance?.ok ? balance.value - total : null;
  return {
    currency,
    amount: fromMinor(amount.value, currency),
    fee: feeMinor === null ? null : fromMinor(feeMinor, currency),
    total: total === null ? null : fromMinor(total, currency),
    balanceAfter: after === null ? null : fromMinor(after, currency),
    isShort: after !== null && after < 0n,
  };
}

export type CopNote = { kind: 'matched' } | { kind: 'warned'; code: string } | null;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/**
 * The summary beside the form (issue 19): amount, fee, total debit and balance after are shown
 * before the confirmation step. "Continue" has the server check the payment (fee, CoP); the
 * figures it answered are then shown here and "Confirm" opens the password + code step.
 */
export function PayoutSummary({
  balance,
  payee,
  figures,
  cop,
  isReviewed,
  isBusy,
  isReady,
  ibanError,
  onConfirm,
}: {
  balance: { currency: string; available: string } | undefined;
  payee: string;
  figures: PayoutFigures | null;
  cop: CopNote;
  isReviewed: boolean;
  isBusy: boolean;
  isReady: boolean;
  ibanError: string | null;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const dash = <Text size="sm">—</Text>;
  return (
    <Paper withBorder radius="md" p="lg" className={classes.summary} data-testid="payout-summary">
      <Stack gap="sm">
        <Title order={5}>{t('payments:form.summaryTitle')}</Title>
        <Row label={t('payments:form.available')}>
          {balance ? <Money amount={balance.available} currency={balance.currency} fw={600} /> : dash}
        </Row>
        <Row label={t('payments:form.payee')}>
          <Text size="sm" fw={500} truncate maw={200}>
            {payee || '—'}
          </Text>
        </Row>
        <Divider />
        <Row label={t('payments:summary.amount')} testId="summary-amount">
          {figures?.amount ? <Money amount={figures.amount} currency={figures.currency} /> : dash}
        </Row>
        <Row label={t('payments:summary.fee')} testId="summary-fee">
          {figures?.fee ? (
            <Money amount={figures.fee} currency={figures.currency} />
          ) : (
            <Text size="xs" c="dimmed">
              {t('payments:summary.feeOnCheck')}
            </Text>
          )}
        </Row>
        <Row label={t('payments:summary.total')} testId="summary-total">
          {figures?.total ? <Money amount={figures.total} currency={figures.currency} fw={700} /> : dash}
        </Row>
        <Row label={t('payments:summary.balanceAfter')} testId="summary-after">
          {figures?.balanceAfter ? (
            <Money
              amount={figures.balanceAfter}
              currency={figures.currency}
              c={figures.isShort ? 'red' : undefined}
            />
          ) : (
            dash
          )}
        </Row>
        {figures?.isShort ? <Alert color="orange">{t('payments:summary.short')}</Alert> : null}
        {cop ? (
          <Alert
            color={cop.kind === 'matched' ? 'teal' : 'orange'}
            icon={cop.kind === 'matched' ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
            data-testid="summary-cop"
          >
            {cop.kind === 'matched'
              ? t('payments:summary.copMatched')
              : t('payments:summary.copWarned', { code: cop.code })}
          </Alert>
        ) : null}
        <Text size="xs" c="dimmed">
          {isReviewed ? t('payments:summary.reviewNote') : t('payments:form.scaNote')}
        </Text>
        {isReviewed ? (
          <Button
            fullWidth
            size="md"
            leftSection={<IconLock size={18} />}
            onClick={onConfirm}
            data-testid="review-confirm"
          >
            {t('payments:summary.confirm')}
          </Button>
        ) : (
          <Button
            type="submit"
            fullWidth
            size="md"
            leftSection={<IconLock size={18} />}
            loading={isBusy}
            disabled={!isReady}
            data-testid="continue-payment"
          >
            {t('payments:form.continue')}
          </Button>
        )}
        {ibanError ? <Alert color="red">{ibanError}</Alert> : null}
      </Stack>
    </Paper>
  );
}
