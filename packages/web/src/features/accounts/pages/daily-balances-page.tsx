import { Anchor, Drawer, Group, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { sortCurrencies } from '@portal/domain';
import { IconCalendarStats } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, ListTable, Page, usePhone } from '../../../shared/ui/index.ts';
import { useAvailableCurrencies, useDailyBalancesByDate } from '../api.ts';
import { AccountsTabs } from '../components/accounts-tabs.tsx';
import { DailyAccountCards } from '../components/daily-balance-cards.tsx';
import { DailyBalancesByAccount } from '../components/daily-balances-by-account.tsx';
import { isNegativeAmount, useFormat } from '../../../shared/format/index.ts';

const yesterdayUtc = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const AMOUNT_COLUMNS = ['opening_balance', 'credits', 'debits', 'closing_balance'] as const;

/** Route `mi_daily_balances`: closing balance of every account on one UTC date in one currency. */
export function DailyBalancesPage() {
  const { t } = useTranslation('wallets');
  const format = useFormat();
  const [search, setSearch] = useSearchParams();
  const currencies = sortCurrencies(useAvailableCurrencies().data?.available_currencies ?? []);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '')
    ? (search.get('date') ?? '')
    : yesterdayUtc();
  const currency = search.get('currency') ?? currencies[0] ?? '';
  const query = useDailyBalancesByDate(date, currency);
  const [opened, setOpened] = useState<{ id: number; name: string } | null>(null);
  const isPhone = usePhone();

  const set = (key: string, value: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const wallets = query.data?.wallets ?? [];
  return (
    <Page title={t('page.title')} description={t('daily.description')}>
      <AccountsTabs active="daily" />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end">
          <DatePickerInput
            label={t('daily.date')}
            valueFormat="D MMM YYYY"
            value={date}
            onChange={(value) => set('date', value)}
            maxDate={new Date()}
            w={200}
            data-testid="daily-date"
          />
          <Select
            label={t('daily.currency')}
            data={currencies}
            value={currency || null}
            onChange={(value) => set('currency', value)}
            allowDeselect={false}
            w={140}
            data-testid="daily-currency"
          />
          <Text size="xs" c="dimmed" pb={8}>
            {t('daily.utcNote')}
          </Text>
        </Group>
      </Paper>
      {currency === '' || (query.isSuccess && wallets.length === 0) ? (
        <EmptyState
          icon={<IconCalendarStats size={26} stroke={1.5} />}
          title={t('daily.emptyTitle')}
          description={t('daily.emptyText')}
        />
      ) : query.isPending ? (
        <Skeleton height={220} radius="md" />
      ) : isPhone ? (
        <Stack gap="xs">
          <DailyAccountCards wallets={wallets} currency={currency} onOpen={setOpened} />
          {query.data ? (
            <Group justify="space-between" px="sm" wrap="nowrap" data-testid="daily-total">
              <Text size="sm" fw={600}>
                {t('daily.total')}
              </Text>
              <Text size="sm" ff="monospace" fw={700}>
                {format.money(query.data.total_closing, currency)}
              </Text>
            </Group>
          ) : null}
        </Stack>
      ) : (
        <ListTable minWidth={720} data-testid="daily-table" frameProps={{ style: { overflow: 'hidden' } }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.name')}</Table.Th>
              {AMOUNT_COLUMNS.map((column) => (
                <Table.Th key={column} ta="right">
                  {t(`daily.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {wallets.map((wallet) => (
              <Table.Tr key={wallet.uuid}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => setOpened({ id: wallet.id, name: wallet.ui_name })}
                  >
                    {wallet.ui_name}
                  </Anchor>
                </Table.Td>
                {AMOUNT_COLUMNS.map((column) => (
                  <Table.Td key={column} ta="right">
                    <Text
                      size="sm"
                      ff="monospace"
                      fw={column === 'closing_balance' ? 600 : undefined}
                      c={isNegativeAmount(wallet[column], currency) ? 'red' : undefined}
                    >
                      {format.money(wallet[column], currency)}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {query.data ? (
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={AMOUNT_COLUMNS.length}>{t('daily.total')}</Table.Th>
                <Table.Th ta="right">
                  <Text size="sm" ff="monospace" fw={700}>
                    {format.money(query.data.total_closing, currency)}
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </ListTable>
      )}
      <Drawer
        opened={opened !== null}
        onClose={() => setOpened(null)}
        position="right"
        size="xl"
        title={opened ? t('daily.drawerTitle', { name: opened.name }) : ''}
      >
        <Stack>{opened ? <DailyBalancesByAccount walletId={opened.id} withTitle={false} /> : null}</Stack>
      </Drawer>
    </Page>
  );
}
