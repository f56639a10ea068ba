import {
  Button,
  Collapse,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { apiRoutes, DATE_FILTER_PERIODS, PAYMENT_STATUSES } from '@portal/domain';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/index.ts';
import { PHONE_QUERY } from '../../../shared/ui/index.ts';
import { usePaymentMethods } from '../api.ts';
import { isBadAmountFilter, type PaymentFilters } from '../hooks/use-payment-filters.ts';

interface Props {
  filters: PaymentFilters;
  update: (changes: Record<string, string | null>) => void;
  reset: () => void;
  /** Direction is fixed by the work mode (pay-in / pay-out lists). */
  isDirectionFixed: boolean;
}

/** Text filter kept locally while typing and written to the URL after a pause. */
function useUrlText(value: string, write: (v: string) => void) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const debounced = useDebouncedCallback(write, 400);
  const onChange = (v: string) => {
    setText(v);
    debounced(v);
  };
  return [text, onChange] as const;
}

const amountError = (text: string) => isBadAmountFilter(text);

export function PaymentFiltersBar({ filters, update, reset, isDirectionFixed }: Props) {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  const [q, setQ] = useUrlText(filters.counterparty, (v) => update({ q: v }));
  const [va, setVa] = useUrlText(filters.virtualAccount, (v) => update({ va: v }));
  const [from, setFrom] = useUrlText(filters.amountFrom, (v) => update({ amountFrom: v }));
  const [to, setTo] = useUrlText(filters.amountTo, (v) => update({ amountTo: v }));
  const currencies = useApiQuery(apiRoutes.walletAvailableCurrencies).data?.available_currencies ?? [];
  // Mobile layout rule: on a phone the filters sit behind one button (showing how many are set).
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [isOpen, setOpen] = useState(false);
  const active =
    filters.statuses.length +
    filters.methods.length +
    filters.currencies.length +
    (filters.direction ? 1 : 0) +
    (filters.amountFrom ? 1 : 0) +
    (filters.amountTo ? 1 : 0) +
    (filters.counterparty ? 1 : 0) +
    (filters.virtualAccount ? 1 : 0);
  const toggle = isPhone ? (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconAdjustmentsHorizontal size={16} />}
      onClick={() => setOpen((o) => !o)}
      aria-expanded={isOpen}
      data-testid="filters-toggle"
    >
      {t('payments:filters.button', { count: active })}
    </Button>
  ) : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="payment-filters">
      {toggle}
      <Collapse in={!isPhone || isOpen}>
        <Group gap="sm" align="flex-end" wrap="wrap" mt={isPhone ? 'sm' : 0}>
          <Select
            label={t('payments:filters.period')}
            w={isPhone ? '100%' : 220}
            value={filters.period ?? 'all'}
            allowDeselect={false}
            data={[
              ...DATE_FILTER_PERIODS.map((p) => ({ value: p, label: t(`dates:periods.${p}`) })),
              { value: 'all', label: t('payments:filters.allTime') },
            ]}
            onChange={(v) => update({ period: v })}
            data-testid="filter-period"
          />
          <MultiSelect
            label={t('payments:filters.status')}
            w={220}
            clearable
            placeholder={filters.statuses.length ? undefined : t('payments:filters.any')}
            value={filters.statuses}
            data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payments:status.${s}`) }))}
            onChange={(v) => update({ status: v.join(',') })}
          />
          <MultiSelect
            label={t('payments:filters.method')}
            w={200}
            clearable
            placeholder={filters.methods.length ? undefined : t('payments:filters.any')}
            value={filters.methods}
            data={(methods.data?.merchant_payment_methods ?? []).map((m) => ({
              value: m.code,
              label: m.label,
            }))}
            onChange={(v) => update({ method: v.join(',') })}
          />
          <MultiSelect
            label={t('payments:filters.currency')}
            w={150}
            clearable
            placeholder={filters.currencies.length ? undefined : t('payments:filters.any')}
            value={filters.currencies}
            data={currencies}
            onChange={(v) => update({ currency: v.join(',') })}
          />
          {isDirectionFixed ? null : (
            <SegmentedControl
              value={filters.direction ?? 'any'}
              data={[
                { value: 'any', label: t('payments:direction.any') },
                { value: 'inbound', label: t('payments:direction.inbound') },
                { value: 'outbound', label: t('payments:direction.outbound') },
              ]}
              onChange={(v) => update({ direction: v === 'any' ? null : v })}
              aria-label={t('payments:filters.direction')}
            />
          )}
          <TextInput
            label={t('payments:filters.amountFrom')}
            w={110}
            inputMode="decimal"
            value={from}
            error={amountError(from) ? t('payments:filters.badAmount') : null}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            label={t('payments:filters.amountTo')}
            w={110}
            inputMode="decimal"
            value={to}
            error={amountError(to) ? t('payments:filters.badAmount') : null}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
          <TextInput
            label={t('payments:filters.counterparty')}
            placeholder={t('payments:filters.counterpartyPlaceholder')}
            leftSection={<IconSearch size={16} />}
            style={{ flex: 1, minWidth: 200 }}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
          <TextInput
            label={t('payments:filters.virtualAccount')}
            placeholder={t('payments:filters.virtualAccountPlaceholder')}
            style={{ flex: 1, minWidth: 180 }}
            value={va}
            onChange={(e) => setVa(e.currentTarget.value)}
            data-testid="filter-virtual-account"
          />
          <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={reset}>
            {t('payments:filters.reset')}
          </Button>
        </Group>
      </Collapse>
    </Paper>
  );
}
