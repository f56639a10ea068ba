import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { fromMinor, isCurrencyCode, parseAmountInput, tryToMinor } from '@portal/domain';
import { IconAlertTriangle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';
import classes from '../components/payments.module.css';

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
        <Title order={3} size="h5">
          {t('payments:form.summaryTitle')}
        </Title>
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
