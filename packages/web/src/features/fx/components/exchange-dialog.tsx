import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { FX_QUOTE_TTL_SECONDS } from '@portal/domain';
import { IconArrowsExchange, IconClockExclamation } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/index.ts';
import { useFormatters } from '../../../shared/i18n/format.ts';
import { sha512Hex } from '../../auth/password-hash.ts';
import {
  type FxExchange,
  type FxPair,
  type FxQuote,
  useBookingWindow,
  useFxConfirm,
  useFxPairs,
  useFxQuote,
} from '../api.ts';
import { formatRate } from '../rate-format.ts';
import { FxStatusBadge } from './fx-status-badge.tsx';
import { ConfirmationForm } from '../../../shared/ui/confirmation-form.tsx';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { QuoteCountdown } from '../../../shared/ui/quote-countdown.tsx';
import { useCountdown } from '../../../shared/ui/use-countdown.ts';

export type ExchangeMode = 'instant' | 'booked';

export interface ExchangePrefill {
  sellCurrency?: string;
  buyCurrency?: string;
  amount?: string;
  side?: 'sell' | 'buy';
}

interface FormState {
  sellCurrency: string | null;
  buyCurrency: string | null;
  sellWalletId: string | null;
  buyWalletId: string | null;
  side: 'sell' | 'buy';
  amount: string;
  settlement: 'instant' | 'sbd' | 'nbd';
}

const currenciesOf = (pairs: FxPair[]) => [...new Set(pairs.map((p) => p.sell_currency))];

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
  const { money } = useFormatters();
  const pairs = useFxPairs();
  const bookingWindow = useBookingWindow(opened && mode === 'booked');
  const quoteCall = useFxQuote();
  const confirmCall = useFxConfirm();
  const [form, setForm] = useState<FormState>(() => emptyForm(mode));
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
      ...emptyForm(mode),
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
  const sellCurrencies = currenciesOf(list);
  const buyCurrencies = list.filter((p) => p.sell_currency === form.sellCurrency).map((p) => p.buy_currency);
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
            {t(`result.${result.status}`, { date: result.value_date })}
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
                date: quote.value_date,
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
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (canQuote) requestQuote();
          }}
        >
          <Stack gap="md">
            {mode === 'booked' ? (
              <Stack gap={6}>
                <SegmentedControl
                  fullWidth
                  value={form.settlement}
                  onChange={(v) => setForm((f) => ({ ...f, settlement: v as 'sbd' | 'nbd' }))}
                  data={[
                    {
                      value: 'sbd',
                      label: t('settlement.sbd'),
                      disabled: bookingWindow.data ? !bookingWindow.data.sbd_value_date : false,
                    },
                    {
                      value: 'nbd',
                      label: t('settlement.nbd'),
                      disabled: bookingWindow.data ? !bookingWindow.data.nbd_value_date : false,
                    },
                  ]}
                  data-testid="fx-settlement"
                />
                {bookingWindow.data ? (
                  bookingWindow.data.working_time ? (
                    <Text size="xs" c="dimmed" data-testid="fx-booking-window">
                      {t('dialog.valueDate', {
                        settlement: t(`settlement.${form.settlement}`),
                        date:
                          (form.settlement === 'sbd'
                            ? bookingWindow.data.sbd_value_date
                            : bookingWindow.data.nbd_value_date) ?? '—',
                      })}
                    </Text>
                  ) : (
                    <Alert
                      color="orange"
                      variant="light"
                      icon={<IconClockExclamation size={18} />}
                      data-testid="fx-booking-window"
                    >
                      {t('dialog.closedNow')}
                    </Alert>
                  )
                ) : null}
              </Stack>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('dialog.sellCurrency')}
                data={sellCurrencies}
                value={form.sellCurrency}
                onChange={(v) =>
                  setForm((f) => ({
                    ...f,
                    sellCurrency: v,
                    buyCurrency: v === f.buyCurrency ? null : f.buyCurrency,
                  }))
                }
                allowDeselect={false}
                data-testid="fx-sell-currency"
              />
              <Select
                label={t('dialog.buyCurrency')}
                data={buyCurrencies}
                value={form.buyCurrency}
                onChange={(v) => setForm((f) => ({ ...f, buyCurrency: v }))}
                allowDeselect={false}
                data-testid="fx-buy-currency"
              />
            </SimpleGrid>
            {/* Accounts take a whole row each: a name with its balance does not fit half the dialog. */}
            <Stack gap="md">
              <Select
                label={t('dialog.sellWallet')}
                data={(pair?.sell_wallets ?? []).map((w) => ({
                  value: w.id,
                  label: `${w.name} · ${money(w.available, pair?.sell_currency ?? '')}`,
                }))}
                value={form.sellWalletId}
                onChange={(v) => setForm((f) => ({ ...f, sellWalletId: v }))}
                allowDeselect={false}
              />
              <Select
                label={t('dialog.buyWallet')}
                data={(pair?.buy_wallets ?? []).map((w) => ({ value: w.id, label: w.name }))}
                value={form.buyWalletId}
                onChange={(v) => setForm((f) => ({ ...f, buyWalletId: v }))}
                allowDeselect={false}
              />
            </Stack>
            <SegmentedControl
              fullWidth
              value={form.side}
              onChange={(v) => setForm((f) => ({ ...f, side: v as 'sell' | 'buy' }))}
              data={[
                { value: 'sell', label: t('dialog.iSell') },
                { value: 'buy', label: t('dialog.iBuy') },
              ]}
            />
            <TextInput
              label={
                form.side === 'sell'
                  ? t('dialog.sellAmount', { currency: form.sellCurrency ?? '' })
                  : t('dialog.buyAmount', { currency: form.buyCurrency ?? '' })
              }
              description={
                pair
                  ? form.side === 'sell'
                    ? t('dialog.limits', {
                        min: money(pair.sell_min, pair.sell_currency),
                        max: money(pair.sell_max, pair.sell_currency),
                      })
                    : t('dialog.limits', {
                        min: money(pair.buy_min, pair.buy_currency),
                        max: money(pair.buy_max, pair.buy_currency),
                      })
                  : undefined
              }
              inputMode="decimal"
              value={form.amount}
              onChange={(e) => setForm((f) => ({ ...f, amount: e.currentTarget.value }))}
              data-testid="fx-amount"
            />
            {quoteError ? (
              <Alert color="red" data-testid="fx-error">
                {errorMessage(quoteError, t)}
              </Alert>
            ) : null}
            <DialogActions
              cancelLabel={t('dialog.cancel')}
              onCancel={onClose}
              submitLabel={t('dialog.getRate')}
              submitIcon={<IconArrowsExchange size={16} />}
              isSubmitDisabled={!canQuote}
              isSubmitting={quoteCall.isPending}
              submitTestId="fx-get-rate"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function emptyForm(mode: ExchangeMode): FormState {
  return {
    sellCurrency: null,
    buyCurrency: null,
    sellWalletId: null,
    buyWalletId: null,
    side: 'sell',
    amount: '',
    settlement: mode === 'instant' ? 'instant' : 'nbd',
  };
}

function DealSummary({
  sell,
  buy,
  rate,
  inverse,
}: {
  sell: [string, string];
  buy: [string, string];
  rate: string;
  inverse?: string;
}) {
  const { t } = useTranslation('fx');
  const { money } = useFormatters();
  return (
    <Stack gap={6} data-testid="fx-deal">
      <SimpleGrid cols={2}>
        <Stack gap={2} align="center">
          <Text size="xs" c="dimmed" tt="uppercase">
            {t('dialog.youSell')}
          </Text>
          <Text fw={700} fz={22} ff="monospace" data-testid="fx-sell-amount">
            {money(sell[0], sell[1])}
          </Text>
        </Stack>
        <Stack gap={2} align="center">
          <Text size="xs" c="dimmed" tt="uppercase">
            {t('dialog.youGet')}
          </Text>
          <Text fw={700} fz={22} ff="monospace" c="teal" data-testid="fx-buy-amount">
            {money(buy[0], buy[1])}
          </Text>
        </Stack>
      </SimpleGrid>
      <Group justify="center" gap={6}>
        <Badge variant="light" color="gray" tt="none" title={rate} data-testid="fx-rate">
          {t('rate', { sell: sell[1], buy: buy[1], rate: formatRate(rate) })}
        </Badge>
        {inverse ? (
          <Badge variant="outline" color="gray" tt="none" title={inverse}>
            {t('rate', { sell: buy[1], buy: sell[1], rate: formatRate(inverse) })}
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}
