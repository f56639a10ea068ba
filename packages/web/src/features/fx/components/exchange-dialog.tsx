import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FX_QUOTE_TTL_SECONDS } from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/index.ts';
import { ConfirmationForm } from '../../../shared/ui/confirmation-form.tsx';
import { QuoteCountdown } from '../../../shared/ui/quote-countdown.tsx';
import { useCountdown } from '../../../shared/ui/use-countdown.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';
import {
  type FxExchange,
  type FxQuote,
  useBookingWindow,
  useFxConfirm,
  useFxPairs,
  useFxQuote,
} from '../api.ts';
import { DealSummary } from './deal-summary.tsx';
import {
  type ExchangeMode,
  ExchangeRequestForm,
  emptyExchangeForm,
  type ExchangeFormState,
} from './exchange-request-form.tsx';
import { FxStatusBadge } from './fx-status-badge.tsx';
import { useFormat } from '../../../shared/format/index.ts';

export type { ExchangeMode } from './exchange-request-form.tsx';

export interface ExchangePrefill {
  sellCurrency?: string;
  buyCurrency?: string;
  amount?: string;
  side?: 'sell' | 'buy';
}

/**
 * The currency exchange dialog (spec §2): pick the pair and wallets, type one amount, get a rate
 * locked for a countdown (spec §4), confirm with password and TOTP code (spec §6). When the
 * countdown ends the rate is expired and Refresh asks for a new one.
 */
export function ExchangeDialog({
  opened,
  mode,
  prefill,
  onClose,
}: {
  opened: boolean;
  mode: ExchangeMode;
  prefill?: ExchangePrefill | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('fx');
  const { date } = useFormat();
  const pairs = useFxPairs();
  const bookingWindow = useBookingWindow(opened && mode === 'booked');
  const quoteCall = useFxQuote();
  const confirmCall = useFxConfirm();
  const [form, setForm] = useState<ExchangeFormState>(() => emptyExchangeForm(mode));
  const [quote, setQuote] = useState<FxQuote | null>(null);
  const [result, setResult] = useState<FxExchange | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const secondsLeft = useCountdown(quote?.expires_at);
  const expired = quote !== null && secondsLeft === 0;
  const list = pairs.data?.pairs ?? [];
  const defaultPair = list.find((p) => p.sell_currency === 'EUR' && p.buy_currency === 'GBP') ?? list[0];

  const pair = useMemo(
    () =>
      list.find((p) => p.sell_currency === form.sellCurrency && p.buy_currency === form.buyCurrency) ?? null,
    [list, form.sellCurrency, form.buyCurrency],
  );

  // Opening starts fresh, from the widget's prefill when there is one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening
  useEffect(() => {
    if (!opened) return;
    setQuote(null);
    setResult(null);
    setPassword('');
    setCode('');
    quoteCall.reset();
    confirmCall.reset();
    setForm({
      ...emptyExchangeForm(mode),
      sellCurrency: prefill?.sellCurrency ?? defaultPair?.sell_currency ?? null,
      buyCurrency: prefill?.buyCurrency ?? defaultPair?.buy_currency ?? null,
      amount: prefill?.amount ?? '',
      side: prefill?.side ?? 'sell',
    });
  }, [opened, mode, defaultPair?.sell_currency]);

  // Wallets follow the currencies: the first wallet holding each, unless one was chosen.
  useEffect(() => {
    if (!pair) return;
    setForm((f) => ({
      ...f,
      sellWalletId: pair.sell_wallets.some((w) => w.id === f.sellWalletId)
        ? f.sellWalletId
        : (pair.sell_wallets[0]?.id ?? null),
      buyWalletId: pair.buy_wallets.some((w) => w.id === f.buyWalletId)
        ? f.buyWalletId
        : (pair.buy_wallets[0]?.id ?? null),
    }));
  }, [pair]);

  const canQuote = !!pair && !!form.sellWalletId && !!form.buyWalletId && form.amount.trim() !== '';

  const requestQuote = () => {
    if (!pair || !form.sellWalletId || !form.buyWalletId) return;
    confirmCall.reset();
    setCode('');
    quoteCall.mutate(
      {
        body: {
          sell_wallet_id: form.sellWalletId,
          sell_currency: pair.sell_currency,
          buy_wallet_id: form.buyWalletId,
          buy_currency: pair.buy_currency,
          settlement: form.settlement,
          ...(form.side === 'sell'
            ? { sell_amount: form.amount.trim() }
            : { buy_amount: form.amount.trim() }),
        },
      },
      { onSuccess: (r) => setQuote(r.quote) },
    );
  };

  // A prefilled opening (dashboard widget) asks for the rate at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the pair and wallets are known
  useEffect(() => {
    if (
      opened &&
      prefill?.amount &&
      canQuote &&
      !quote &&
      !quoteCall.isPending &&
      !quoteCall.isError &&
      !result
    )
      requestQuote();
  }, [opened, canQuote]);

  const confirm = async () => {
    if (!quote) return;
    confirmCall.mutate(
      {
        body: {
          quote_id: quote.quote_id,
          challenge_id: quote.challenge_id,
          sell_amount: quote.sell_amount,
          buy_amount: quote.buy_amount,
          rate: quote.rate,
          password: await sha512Hex(password),
          secret_code: code,
        },
      },
      {
        onSuccess: (r) => setResult(r.exchange),
        onError: (err) => {
          setCode('');
          if (err instanceof ApiError && err.code === 'FX_QUOTE_EXPIRED')
            setQuote((q) => (q ? { ...q, expires_at: new Date(0).toISOString() } : q));
        },
      },
    );
  };

  const title = mode === 'instant' ? t('dialog.titleInstant') : t('dialog.titleBooked');
  const quoteError = quoteCall.error;
  const confirmError = confirmCall.error;
  const expiredByServer = confirmError instanceof ApiError && confirmError.code === 'FX_QUOTE_EXPIRED';

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeOnClickOutside={false}
      data-testid="fx-dialog"
    >
      {result ? (
        <Stack gap="md" data-testid="fx-result">
          <Group justify="center">
            <FxStatusBadge status={result.status} />
          </Group>
          <Text ta="center" fw={600} size="lg">
            {t(`result.${result.status}`, { date: date(result.value_date) })}
          </Text>
          <DealSummary
            sell={[result.sell_amount, result.sell_currency]}
            buy={[result.buy_amount, result.buy_currency]}
            rate={result.rate}
          />
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="fx-done">
              {t('dialog.done')}
            </Button>
          </Group>
        </Stack>
      ) : quote ? (
        <Stack gap="md">
          <DealSummary
            sell={[quote.sell_amount, quote.sell_currency]}
            buy={[quote.buy_amount, quote.buy_currency]}
            rate={quote.rate}
            inverse={quote.inverse_rate}
          />
          {quote.settlement !== 'instant' ? (
            <Text size="sm" ta="center" c="dimmed">
              {t('dialog.valueDate', {
                settlement: t(`settlement.${quote.settlement}`),
                date: date(quote.value_date),
              })}
            </Text>
          ) : null}
          {quote.needs_approval ? (
            <Alert color="blue" variant="light">
              {t('dialog.needsApproval')}
            </Alert>
          ) : null}
          <QuoteCountdown
            secondsLeft={secondsLeft}
            ttlSeconds={FX_QUOTE_TTL_SECONDS}
            isExpired={expired || expiredByServer}
            labels={{
              expired: t('dialog.expired'),
              refresh: t('dialog.refresh'),
              lockedFor: t('dialog.lockedFor', { seconds: secondsLeft }),
            }}
            onRefresh={requestQuote}
            isRefreshing={quoteCall.isPending}
            testIdPrefix="fx"
          />
          <ConfirmationForm
            labels={{
              password: t('dialog.password'),
              code: t('dialog.code'),
              back: t('dialog.back'),
              confirm: t('dialog.confirm'),
            }}
            password={password}
            onPassword={setPassword}
            code={code}
            onCode={setCode}
            testIdPrefix="fx"
            canConfirm={!expired && !expiredByServer}
            isPending={confirmCall.isPending}
            errorText={confirmError && !expiredByServer ? errorMessage(confirmError, t) : null}
            onBack={() => setQuote(null)}
            onConfirm={() => void confirm()}
          />
        </Stack>
      ) : (
        <ExchangeRequestForm
          mode={mode}
          form={form}
          onForm={setForm}
          pair={pair}
          pairs={list}
          bookingWindow={bookingWindow.data}
          canQuote={canQuote}
          quoteError={quoteError}
          isQuoting={quoteCall.isPending}
          onQuote={requestQuote}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
