import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowsExchange, IconClockExclamation } from '@tabler/icons-react';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import type { FxPair, useBookingWindow } from '../api.ts';

export type ExchangeMode = 'instant' | 'booked';

export interface ExchangeFormState {
  sellCurrency: string | null;
  buyCurrency: string | null;
  sellWalletId: string | null;
  buyWalletId: string | null;
  side: 'sell' | 'buy';
  amount: string;
  settlement: 'instant' | 'sbd' | 'nbd';
}

export function emptyExchangeForm(mode: ExchangeMode): ExchangeFormState {
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

const currenciesOf = (pairs: FxPair[]) => [...new Set(pairs.map((p) => p.sell_currency))];

/**
 * The first step of the exchange dialog: settlement (booked deals, with today's booking window),
 * currencies, the wallets that pay and receive, which side the amount is, and the amount; submitting
 * asks for a rate.
 */
export function ExchangeRequestForm({
  mode,
  form,
  onForm: setForm,
  pair,
  pairs,
  bookingWindow,
  canQuote,
  quoteError,
  isQuoting,
  onQuote: requestQuote,
  onCancel: onClose,
}: {
  mode: ExchangeMode;
  form: ExchangeFormState;
  onForm: Dispatch<SetStateAction<ExchangeFormState>>;
  pair: FxPair | null;
  pairs: FxPair[];
  bookingWindow: ReturnType<typeof useBookingWindow>['data'];
  canQuote: boolean;
  quoteError: Error | null;
  isQuoting: boolean;
  onQuote: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('fx');
  const { money, date } = useFormat();
  // Outside the booking window an NBD/SBD deal cannot be booked: say so before any field is filled,
  // instead of a refusal after the user filled the form (issue 36).
  if (mode === 'booked' && bookingWindow && !bookingWindow.working_time)
    return (
      <Stack gap="md">
        <Alert
          color="orange"
          variant="light"
          icon={<IconClockExclamation size={18} />}
          title={t('dialog.closedTitle')}
          data-testid="fx-booking-window"
        >
          {t('dialog.closedNow')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="fx-closed-close">
            {t('dialog.close')}
          </Button>
        </Group>
      </Stack>
    );
  const sellCurrencies = currenciesOf(pairs);
  const buyCurrencies = pairs.filter((p) => p.sell_currency === form.sellCurrency).map((p) => p.buy_currency);
  return (
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
                  disabled: bookingWindow ? !bookingWindow.sbd_value_date : false,
                },
                {
                  value: 'nbd',
                  label: t('settlement.nbd'),
                  disabled: bookingWindow ? !bookingWindow.nbd_value_date : false,
                },
              ]}
              data-testid="fx-settlement"
            />
            {bookingWindow ? (
              <Text size="xs" c="dimmed" data-testid="fx-booking-window">
                {t('dialog.valueDate', {
                  settlement: t(`settlement.${form.settlement}`),
                  date:
                    date(
                      form.settlement === 'sbd' ? bookingWindow.sbd_value_date : bookingWindow.nbd_value_date,
                    ) || '—',
                })}
              </Text>
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
          isSubmitting={isQuoting}
          submitTestId="fx-get-rate"
        />
      </Stack>
    </form>
  );
}
