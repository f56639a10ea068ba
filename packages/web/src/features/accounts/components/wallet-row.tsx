import { ActionIcon, Anchor, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { WalletRow as WalletRowData } from '@portal/domain';
import { IconChevronDown, IconChevronRight, IconSubtask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { isNegativeAmount, useFormat } from '../../../shared/format/index.ts';
import { byCurrencyOrder, displayIban } from '../../../shared/format/accounts.ts';
import { BalanceList } from './balance-list.tsx';
import { WalletStatusBadge } from './wallet-status-badge.tsx';

export const WALLET_TABLE_COLUMNS = 5;

/** One account of the list; expanding it shows every IBAN and each currency's available balance. */
export function WalletRow({
  wallet,
  isExpanded,
  onToggle,
}: {
  wallet: WalletRowData;
  isExpanded: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('wallets');
  const format = useFormat();
  const first = wallet.ibans[0];
  const detailsHref = href('mi_account', { uuid: wallet.uuid });
  return (
    <>
      <Table.Tr data-testid="wallet-row" data-uuid={wallet.uuid}>
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggle}
            aria-expanded={isExpanded}
            aria-label={t(isExpanded ? 'list.collapse' : 'list.expand')}
            data-testid="wallet-expand"
          >
            {isExpanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <Stack gap={2}>
            <Group gap={6} wrap="nowrap">
              <Anchor component={Link} to={detailsHref} fw={600} data-testid="wallet-name">
                {wallet.ui_name}
              </Anchor>
              {wallet.is_subaccount ? (
                <Badge size="xs" variant="outline" color="gray">
                  {t('list.subaccount')}
                </Badge>
              ) : null}
            </Group>
            {wallet.subaccounts_quantity > 0 ? (
              <Group gap={4} c="dimmed">
                <IconSubtask size={14} />
                <Text size="xs">{t('list.subaccounts', { count: wallet.subaccounts_quantity })}</Text>
              </Group>
            ) : null}
          </Stack>
        </Table.Td>
        <Table.Td>
          {first ? (
            <Stack gap={2}>
              <Text size="sm" ff="monospace" data-testid="wallet-iban">
                {displayIban(first.iban_number)}
              </Text>
              {wallet.ibans.length > 1 ? (
                <Text size="xs" c="dimmed">
                  {t('list.moreIbans', { count: wallet.ibans.length - 1 })}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('list.noIban')}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <WalletStatusBadge status={wallet.status} />
        </Table.Td>
        <Table.Td>
          <BalanceList balances={wallet.balances} />
        </Table.Td>
      </Table.Tr>
      {isExpanded ? (
        <Table.Tr>
          <Table.Td colSpan={WALLET_TABLE_COLUMNS} p={0} bg="var(--mantine-color-default-hover)">
            <SimpleGrid cols={{ base: 1, md: 2 }} p="md" spacing="lg" data-testid="wallet-expanded">
              <Stack gap={6}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  {t('list.ibans')}
                </Text>
                {wallet.ibans.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('list.noIban')}
                  </Text>
                ) : (
                  wallet.ibans.map((iban) => (
                    <Group key={iban.iban_number} gap="xs">
                      <Badge size="xs" variant="default">
                        {iban.country}
                      </Badge>
                      <Text size="sm" ff="monospace">
                        {displayIban(iban.iban_number)}
                      </Text>
                    </Group>
                  ))
                )}
              </Stack>
              <Stack gap={6}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  {t('list.available')}
                </Text>
                {byCurrencyOrder(wallet.balances).map((row) => (
                  <Group key={row.currency} justify="space-between" maw={360}>
                    <Text size="sm">{row.currency}</Text>
                    <Text
                      size="sm"
                      ff="monospace"
                      c={isNegativeAmount(row.available, row.currency) ? 'red' : undefined}
                    >
                      {format.money(row.available, row.currency)}
                    </Text>
                  </Group>
                ))}
                <Anchor component={Link} to={detailsHref} size="sm" mt="xs">
                  {t('list.openDetails')}
                </Anchor>
              </Stack>
            </SimpleGrid>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
