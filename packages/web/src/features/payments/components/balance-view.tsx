import { Anchor, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { apiRoutes, DATE_FILTER_PERIODS } from '@portal/domain';
import { IconArrowDownLeft, IconArrowUpRight, IconScale } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { useApiQuery } from '../../../shared/api/index.ts';
import { availableBalancesKey, useCompanyId } from '../../../shared/freshness/index.ts';
import { EmptyState } from '../../../shared/ui/index.ts';
import { usePaymentBalances } from '../api.ts';
import { toListFilters, usePaymentFilters } from '../hooks/use-payment-filters.ts';
import { Money } from './money.tsx';

/** Pay-in and Pay-out balance: settled and pending sums per currency for a period, and available balances. */
export function BalanceView() {
  const { t } = useTranslation();
  const { filters, update } = usePaymentFilters();
  const body = useMemo(() => toListFilters(filters), [filters]);
  const sums = usePaymentBalances(body);
  const companyId = useCompanyId();
  const available = useApiQuery(
    apiRoutes.walletAvailableBalances,
    {},
    { queryKey: availableBalancesKey(companyId), enabled: companyId !== null },
  );
  const keep = filters.period ? { period: filters.period } : { period: 'all' };
  const link = (workMode: string) =>
    `${href('mi_paybalance', { workMode })}?${new URLSearchParams(keep).toString()}`;
  const balances = sums.data?.balances ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Select
          label={t('payments:filters.period')}
          w={200}
          value={filters.period ?? 'all'}
          allowDeselect={false}
          data={[
            ...DATE_FILTER_PERIODS.map((p) => ({ value: p, label: t(`dates:periods.${p}`) })),
            { value: 'all', label: t('payments:filters.allTime') },
          ]}
          onChange={(v) => update({ period: v })}
        />
      </Group>
      {sums.isLoading ? (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          <Skeleton h={170} radius="md" />
          <Skeleton h={170} radius="md" />
        </SimpleGrid>
      ) : balances.length === 0 ? (
        <EmptyState
          icon={<IconScale size={26} stroke={1.5} />}
          title={t('payments:balance.emptyTitle')}
          description={t('payments:balance.emptyText')}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} data-testid="balance-cards">
          {balances.map((b) => (
            <Paper key={b.currency} withBorder radius="md" p="md" data-currency={b.currency}>
              <Group justify="space-between" mb="sm">
                <Title order={4}>{b.currency}</Title>
                <Text size="xs" c="dimmed">
                  {t('payments:balance.counts', { payin: b.payin_quantity, payout: b.payout_quantity })}
                </Text>
              </Group>
              <Table withRowBorders={false} verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    <Table.Th ta="right">{t('payments:balance.settled')}</Table.Th>
                    <Table.Th ta="right">{t('payments:balance.pending')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <IconArrowDownLeft size={16} color="var(--mantine-color-teal-6)" />
                        <Text size="sm">{t('payments:balance.payin')}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Anchor component={Link} to={link('payin-settled')} size="sm">
                        <Money amount={b.payin_settled} currency={b.currency} />
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Anchor component={Link} to={link('payin-pending')} size="sm" c="dimmed">
                        <Money amount={b.payin_pending} currency={b.currency} />
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <IconArrowUpRight size={16} color="var(--mantine-color-orange-6)" />
                        <Text size="sm">{t('payments:balance.payout')}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Anchor
                        component={Link}
                        to={link('payout-settled')}
                        size="sm"
                        data-testid="payout-settled"
                      >
                        <Money amount={b.payout_settled} currency={b.currency} />
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Anchor component={Link} to={link('payout-pending')} size="sm" c="dimmed">
                        <Money amount={b.payout_pending} currency={b.currency} />
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Paper>
          ))}
        </SimpleGrid>
      )}

      <Stack gap="xs">
        <Title order={4}>{t('payments:balance.available')}</Title>
        {available.isLoading ? (
          <Skeleton h={120} radius="md" />
        ) : (available.data?.balances.length ?? 0) === 0 ? (
          <Text size="sm" c="dimmed">
            {t('payments:balance.noWallets')}
          </Text>
        ) : (
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table striped data-testid="available-balances">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payments:balance.wallet')}</Table.Th>
                  <Table.Th>{t('tableColumns:currency')}</Table.Th>
                  <Table.Th ta="right">{t('payments:balance.balance')}</Table.Th>
                  <Table.Th ta="right">{t('payments:balance.availableColumn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {available.data?.balances.map((b) => (
                  <Table.Tr key={`${b.uuid}-${b.currency}`}>
                    <Table.Td>{b.ui_name}</Table.Td>
                    <Table.Td>{b.currency}</Table.Td>
                    <Table.Td ta="right">
                      <Money amount={b.balance} currency={b.currency} c={b.is_negative ? 'red' : undefined} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={b.available} currency={b.currency} fw={600} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
