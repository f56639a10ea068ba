import { Center, ColorSwatch, Group, NativeSelect, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  CHART_GROUP_BY,
  type ChartGroupBy,
  isCurrencyCode,
  periodDays,
  sortCurrencies,
  TRANSACTION_SIGNS,
  type TransactionSign,
} from '@portal/domain';
import { IconChartDonut } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredData } from '../../../shared/api/deferred-data.ts';
import { minorOf, useFormat } from '../../../shared/format/index.ts';
import { usePaymentStatuses } from '../api.ts';
import { STATUS_COLORS, statusLabelKeys } from './status-colors.ts';
import { StatusDonut } from './status-donut.tsx';
import { ChoiceButtons } from './choice-buttons.tsx';
import { WidgetCard } from '../../../shared/ui/widget-card.tsx';

const PERIOD_CHOICES = ['1w', '1m', '3m', '6m', '1y'] as const;

/**
 * Payment/transaction status chart (spec §2): quantity or amount per status, inbound/outbound/any,
 * one currency at a time, over a period. Amounts are plotted as exact minor units and labelled
 * through the formatting module (`useFormat().minorMoney`), so no amount becomes a float.
 */
export function ChartWidget({ hasRights, period: initialPeriod }: { hasRights: boolean; period?: string }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const [groupBy, setGroupBy] = useState<ChartGroupBy>('quantity');
  const [sign, setSign] = useState<TransactionSign>('any');
  const [period, setPeriod] = useState<string>(
    PERIOD_CHOICES.find((p) => p === initialPeriod) ??
      (initialPeriod && periodDays(initialPeriod) ? initialPeriod : '1m'),
  );
  const days = periodDays(period) ?? 30;
  const [currencyChoice, setCurrency] = useState<string | null>(null);
  const query = usePaymentStatuses(sign, days, groupBy, hasRights);
  const { data: shown, loading } = useDeferredData(query);
  const groups = shown?.payment_statuses ?? [];
  const currencies = sortCurrencies(groups.map((g) => g.currency));
  const currency =
    currencyChoice && currencies.includes(currencyChoice) ? currencyChoice : (currencies[0] ?? null);
  const statuses = groups.find((g) => g.currency === currency)?.statuses ?? [];

  const plotValue = (row: (typeof statuses)[number]): number =>
    groupBy === 'quantity' ? row.quantity : Number(minorOf(row.amount, currency ?? '') ?? 0n);
  const label = (value: number): string =>
    groupBy === 'quantity' || !currency || !isCurrencyCode(currency)
      ? format.number(value)
      : format.minorMoney(BigInt(Math.round(value)), currency);
  const data = statuses
    .map((row) => ({
      name: t(statusLabelKeys(row.status)),
      value: plotValue(row),
      color: STATUS_COLORS[row.status],
      row,
    }))
    .filter((d) => d.value > 0);
  const total = statuses.reduce((sum, row) => sum + row.quantity, 0);
  const periodOptions = [...new Set([...PERIOD_CHOICES, period])];

  return (
    <WidgetCard
      title={t('chart.title')}
      hasRights={hasRights}
      testId="widget-chart"
      actions={
        // Native selects: a combobox's hidden dropdown (popover placement, scroll area) cost the
        // dashboard's first render more than the chart itself on a slow phone (issue 15).
        <NativeSelect
          size="xs"
          w={130}
          data={periodOptions.map((value) => ({
            value,
            label: t('chart.periodDays', { count: periodDays(value) ?? 0 }),
          }))}
          value={period}
          onChange={(event) => setPeriod(event.currentTarget.value)}
          aria-label={t('chart.period')}
          data-testid="chart-period"
        />
      }
    >
      <Group gap="xs" wrap="wrap">
        <ChoiceButtons
          value={groupBy}
          onChange={setGroupBy}
          options={CHART_GROUP_BY.map((value) => ({ value, label: t(`chart.groupBy.${value}`) }))}
          label={t('chart.groupByLabel')}
          testId="chart-group-by"
        />
        <ChoiceButtons
          value={sign}
          onChange={setSign}
          options={TRANSACTION_SIGNS.map((value) => ({ value, label: t(`chart.sign.${value}`) }))}
          label={t('chart.signLabel')}
          testId="chart-sign"
        />
        {currencies.length > 0 ? (
          <NativeSelect
            size="xs"
            w={90}
            data={currencies}
            value={currency ?? undefined}
            onChange={(event) => setCurrency(event.currentTarget.value)}
            aria-label={t('chart.currency')}
            data-testid="chart-currency"
          />
        ) : null}
      </Group>
      {loading ? (
        <Skeleton height={180} circle={false} />
      ) : data.length === 0 ? (
        <Center style={{ flex: 1 }} py="lg">
          <Stack align="center" gap={4}>
            <IconChartDonut size={32} stroke={1.2} color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed" ta="center">
              {t('chart.empty', { count: days })}
            </Text>
          </Stack>
        </Center>
      ) : (
        // The legend goes below the donut when both do not fit: a two-cell widget is one column wide
        // on a phone, where the donut used to spill over the card's edge (no preventGrowOverflow:
        // it narrowed each child to half the row instead of wrapping).
        <Group
          align="center"
          gap="lg"
          wrap="wrap"
          preventGrowOverflow={false}
          justify="center"
          data-testid="status-chart"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          <StatusDonut
            data={data}
            size={160}
            thickness={24}
            format={label}
            centreLabel={groupBy === 'quantity' ? format.number(total) : (currency ?? '')}
            label={t('chart.title')}
          />
          <Table verticalSpacing={2} style={{ flex: 1, minWidth: 180, maxWidth: 340 }} withRowBorders={false}>
            <Table.Tbody>
              {data.map((d) => (
                <Table.Tr key={d.row.status}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <ColorSwatch color={`var(--mantine-color-${d.color.replace('.', '-')})`} size={10} />
                      <Text size="xs">{d.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="xs" ff="monospace">
                      {label(d.value)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Group>
      )}
    </WidgetCard>
  );
}
