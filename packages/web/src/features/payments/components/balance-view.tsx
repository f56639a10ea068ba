import {
  Anchor,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { apiRoutes, DATE_FILTER_PERIODS } from '@portal/domain';
import { IconArrowDownLeft, IconArrowUpRight, IconScale } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useApiQuery } from '../../../shared/api/index.ts';
import { availableBalancesKey, useCompanyId } from '../../../shared/freshness/index.ts';
import { EmptyState } from '../../../shared/ui/index.ts';
import { usePaymentBalances } from '../api.ts';
import { toListFilters, usePaymentFilters } from '../hooks/use-payment-filters.ts';
import { Money } from '../../../shared/ui/money.tsx';

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
                <Title order={3} size="h4">
                  {b.currency}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('payments:balance.counts', { payin: b.payin_quantity, payout: b.payout_quantity })}
                </Text>
              </Group>
              <Table withRowBorders={false} verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Text size="xs" c="dimmed" fw={600}>
                        {t('payments:balance.payments')}
                      </Text>
                    </Table.Th>
                    <Table.Th ta="right">{t('payments:balance.settled')}</Table.Th>
                    <Table.Th ta="right">{t('payments:balance.pending')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <FlowRow
                    icon={<IconArrowDownLeft size={16} color="var(--mantine-color-teal-6)" />}
                    label={t('payments:balance.payin')}
                    settled={{ amount: b.payin_settled, to: link('payin-settled') }}
                    pending={{ amount: b.payin_pending, to: link('payin-pending') }}
                    currency={b.currency}
                  />
                  <FlowRow
                    icon={<IconArrowUpRight size={16} color="var(--mantine-color-orange-6)" />}
                    label={t('payments:balance.payout')}
                    settled={{
                      amount: b.payout_settled,
                      to: link('payout-settled'),
                      testId: 'payout-settled',
                    }}
                    pending={{ amount: b.payout_pending, to: link('payout-pending') }}
                    currency={b.currency}
                  />
                </Table.Tbody>
              </Table>
              <Divider my="xs" />
              <AccountMovements currency={b.currency} moneyIn={b.account_in} moneyOut={b.account_out} />
            </Paper>
          ))}
        </SimpleGrid>
      )}

      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('payments:balance.available')}
        </Title>
        {/* Pending, not loading: the query waits for the company, and 'no wallets' must not flash meanwhile. */}
        {available.isPending ? (
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

/** A sum that opens the payments it adds up. */
interface LinkedSum {
  amount: string;
  to: string;
  testId?: string;
}

/** One direction of a currency's card: its settled and pending sums, each a link to its payments. */
function FlowRow({
  icon,
  label,
  settled,
  pending,
  currency,
}: {
  icon: ReactNode;
  label: string;
  settled: LinkedSum;
  pending: LinkedSum;
  currency: string;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {icon}
          <Text size="sm">{label}</Text>
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        <Anchor component={Link} to={settled.to} size="sm" data-testid={settled.testId}>
          <Money amount={settled.amount} currency={currency} />
        </Anchor>
      </Table.Td>
      <Table.Td ta="right">
        <Anchor component={Link} to={pending.to} size="sm" c="dimmed">
          <Money amount={pending.amount} currency={currency} />
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The accounts' own money in and out of the period (issue 36): every booking, fees included, as
 * account details count "today" and "7 days", so this tab and the account agree.
 */
function AccountMovements({
  currency,
  moneyIn,
  moneyOut,
}: {
  currency: string;
  moneyIn: string;
  moneyOut: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={`account-movements-${currency}`}>
      <Tooltip label={t('payments:balance.accountHint')} multiline w={280} withArrow openDelay={300}>
        <Text size="xs" c="dimmed" fw={600} style={{ cursor: 'help', alignSelf: 'flex-start' }}>
          {t('payments:balance.accountMovements')}
        </Text>
      </Tooltip>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <IconArrowDownLeft size={16} color="var(--mantine-color-teal-6)" />
          <Text size="sm">{t('payments:balance.accountIn')}</Text>
        </Group>
        <Money amount={moneyIn} currency={currency} data-testid={`account-in-${currency}`} />
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <IconArrowUpRight size={16} color="var(--mantine-color-orange-6)" />
          <Text size="sm">{t('payments:balance.accountOut')}</Text>
        </Group>
        <Money amount={moneyOut} currency={currency} data-testid={`account-out-${currency}`} />
      </Group>
    </Stack>
  );
}
