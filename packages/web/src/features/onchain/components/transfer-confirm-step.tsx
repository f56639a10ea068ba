import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { ConfirmationForm } from '../../../shared/ui/confirmation-form.tsx';
import type { OnchainQuote } from '../api.ts';

/**
 * The confirmation step of the transfer dialog: the receiver address on its network, the quote
 * the challenge returned with its countdown, then password and TOTP code.
 */
export function TransferConfirmStep({
  networkLabel,
  address,
  quote,
  countdown,
  password,
  onPassword,
  code,
  onCode,
  canConfirm,
  isPending,
  error,
  onBack,
  onConfirm,
}: {
  networkLabel: string;
  address: string;
  quote: OnchainQuote;
  countdown: ReactNode;
  password: string;
  onPassword: (value: string) => void;
  code: string;
  onCode: (value: string) => void;
  canConfirm: boolean;
  isPending: boolean;
  error: Error | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('onchainTransfer');
  return (
    <Stack gap="md">
      <Text size="sm" fw={600}>
        {t('dialog.confirmTitle')}
      </Text>
      <Text size="sm">{t('dialog.toAddress', { network: networkLabel })}</Text>
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="confirm-address">
        {address}
      </Text>
      <TransferQuoteSummary quote={quote} />
      {countdown}
      <ConfirmationForm
        labels={{
          password: t('dialog.password'),
          code: t('dialog.code'),
          back: t('dialog.back'),
          confirm: t('dialog.confirm'),
        }}
        password={password}
        onPassword={onPassword}
        code={code}
        onCode={onCode}
        testIdPrefix="onchain"
        canConfirm={canConfirm}
        isPending={isPending}
        errorText={error ? errorMessage(error, t) : null}
        onBack={onBack}
        onConfirm={onConfirm}
      />
    </Stack>
  );
}

/**
 * A transfer's quote: what is sent, its fiat value, the network fee and the total debit, the rate,
 * and whether the sending window is open (or when the transfer goes out).
 */
export function TransferQuoteSummary({ quote: q }: { quote: OnchainQuote }) {
  const { t } = useTranslation('onchainTransfer');
  const { dateTime, money } = useFormat();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="onchain-quote">
      <SimpleGrid cols={2} spacing={4}>
        <QuoteLine label={t('dialog.youSend')} fw={600} testId="quote-coin">
          {money(q.coin_amount, q.asset)}
        </QuoteLine>
        {q.fiat_amount ? (
          <QuoteLine label={t('dialog.fiatValue')} testId="quote-fiat">
            {money(q.fiat_amount, q.fiat_currency)}
          </QuoteLine>
        ) : null}
        <QuoteLine label={t('dialog.networkFee')} testId="quote-fee">
          {money(q.fee, q.fee_currency)}
        </QuoteLine>
        <QuoteLine label={t('dialog.totalDebit')} fw={700} testId="quote-total">
          {money(q.total_debit, q.funding_currency)}
        </QuoteLine>
        {q.rate ? (
          <QuoteLine label={t('dialog.rate')}>
            {t('dialog.rateValue', { asset: q.asset, rate: q.rate, currency: q.fiat_currency })}
          </QuoteLine>
        ) : null}
      </SimpleGrid>
      <Text size="xs" c={q.window_open ? 'dimmed' : 'grape'} mt="xs" data-testid="quote-window">
        {q.window_open ? t('dialog.windowOpen') : t('dialog.windowClosed', { at: dateTime(q.send_at) })}
      </Text>
      {q.usd_cancel_at ? (
        <Text size="xs" c="dimmed">
          {t('dialog.usdCancel', { at: dateTime(q.usd_cancel_at) })}
        </Text>
      ) : null}
    </Paper>
  );
}

/** One line of the quote's two-column summary: the label, and the value on the right. */
function QuoteLine({
  label,
  fw,
  testId,
  children,
}: {
  label: string;
  fw?: number;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={fw} ta="right" data-testid={testId}>
        {children}
      </Text>
    </>
  );
}
