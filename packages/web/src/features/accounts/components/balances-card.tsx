import { Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import type { WalletBalance } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { isNegativeAmount, isZeroAmount, useFormat } from '../../../shared/format/index.ts';
import { byCurrencyOrder } from '../../../shared/format/accounts.ts';

const KINDS = [
  'balance',
  'available',
  'opening',
  'pending',
  'blocked',
  'suspended',
  'today_in',
  'today_out',
  'recent_in',
  'recent_out',
] as const satisfies readonly (keyof WalletBalance)[];

/** Every balance kind per currency (spec §3): one column per currency, one row per kind. */
export function BalancesCard({ balances }: { balances: WalletBalance[] }) {
  const { t } = useTranslation('wallets');
  const format = useFormat();
  const rows = byCurrencyOrder(balances);
  return (
    <Paper withBorder radius="md" p="md" data-testid="balances-card">
      <Title order={3} size="h4" mb="sm">
        {t('details.balances')}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('list.noBalances')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={120 + rows.length * 140}>
          <Table verticalSpacing={6} withRowBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {rows.map((row) => (
                  <Table.Th key={row.currency} ta="right">
                    {row.currency}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {KINDS.map((kind) => (
                <Table.Tr key={kind} fw={kind === 'available' || kind === 'balance' ? 600 : undefined}>
                  <Table.Td>
                    <Tooltip
                      label={t(`balanceKinds.hints.${kind}`)}
                      multiline
                      w={260}
                      withArrow
                      openDelay={300}
                    >
                      <Text size="sm" span style={{ cursor: 'help' }}>
                        {t(`balanceKinds.${kind}`)}
                      </Text>
                    </Tooltip>
                  </Table.Td>
                  {rows.map((row) => (
                    <Table.Td key={row.currency} ta="right">
                      <Text
                        size="sm"
                        ff="monospace"
                        c={
                          isNegativeAmount(row[kind], row.currency)
                            ? 'red'
                            : isZeroAmount(row[kind], row.currency)
                              ? 'dimmed'
                              : undefined
                        }
                        data-testid={`balance-${kind}-${row.currency}`}
                      >
                        {format.money(row[kind], row.currency)}
                      </Text>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
