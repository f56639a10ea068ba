import { Group, Paper, SegmentedControl, Skeleton, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollingTabList, usePhone } from '../../../shared/ui/index.ts';
import { useDailyBalancesByWallet } from '../api.ts';
import { DailyDayCards } from './daily-balance-cards.tsx';
import { isNegativeAmount, isZeroAmount, useFormat } from '../../../shared/format/index.ts';
import { byCurrencyOrder } from '../../../shared/format/accounts.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';

const DAY_CHOICES = ['7', '30', '90'] as const;

/** Closing daily balances of one account, per currency (details by account, spec §2). */
export function DailyBalancesByAccount({
  walletId,
  withTitle = true,
}: {
  walletId: number;
  withTitle?: boolean;
}) {
  const { t } = useTranslation('wallets');
  const format = useFormat();
  const [days, setDays] = useState<(typeof DAY_CHOICES)[number]>('30');
  const query = useDailyBalancesByWallet(walletId, Number(days));
  const groups = byCurrencyOrder(query.data?.daily_balances ?? []);
  const [tab, setTab] = useState<string | null>(null);
  const active = tab ?? groups[0]?.currency ?? null;
  const isPhone = usePhone();

  return (
    <Paper withBorder radius="md" p="md" data-testid="daily-by-account">
      <Group justify="space-between" mb="sm" wrap="wrap">
        {withTitle ? (
          <Title order={3} size="h4">
            {t('daily.byAccountTitle')}
          </Title>
        ) : (
          <span />
        )}
        <SegmentedControl
          size="xs"
          value={days}
          onChange={(value) => setDays(DAY_CHOICES.find((d) => d === value) ?? '30')}
          data={DAY_CHOICES.map((value) => ({ value, label: t('daily.lastDays', { count: Number(value) }) }))}
        />
      </Group>
      {query.isPending ? (
        <Skeleton height={160} />
      ) : groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('daily.empty')}
        </Text>
      ) : (
        <Tabs value={active} onChange={setTab}>
          <Tabs.List style={scrollingTabList}>
            {groups.map((group) => (
              <Tabs.Tab key={group.currency} value={group.currency}>
                {group.currency}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {groups.map((group) => (
            <Tabs.Panel key={group.currency} value={group.currency} pt="xs">
              {isPhone ? (
                <div style={{ maxHeight: 420, overflowY: 'auto' }}>
                  <DailyDayCards days={[...group.days].reverse()} currency={group.currency} />
                </div>
              ) : (
                <Table.ScrollContainer minWidth={560} mah={420}>
                  <Table stickyHeader verticalSpacing={4} striped>
                    <ListHead
                      columns={[
                        t('daily.columns.date'),
                        { ta: 'right', children: t('daily.columns.opening') },
                        { ta: 'right', children: t('daily.columns.credits') },
                        { ta: 'right', children: t('daily.columns.debits') },
                        { ta: 'right', children: t('daily.columns.closing') },
                      ]}
                    />
                    <Table.Tbody>
                      {[...group.days].reverse().map((day) => (
                        <Table.Tr key={day.date}>
                          <Table.Td>
                            <Text size="sm">{format.date(`${day.date}T00:00:00Z`)}</Text>
                          </Table.Td>
                          {(['opening', 'credits', 'debits', 'closing'] as const).map((kind) => (
                            <Table.Td key={kind} ta="right">
                              <Text
                                size="sm"
                                ff="monospace"
                                fw={kind === 'closing' ? 600 : undefined}
                                c={
                                  isNegativeAmount(day[kind], group.currency)
                                    ? 'red'
                                    : isZeroAmount(day[kind], group.currency) && kind !== 'closing'
                                      ? 'dimmed'
                                      : undefined
                                }
                              >
                                {format.money(day[kind], group.currency)}
                              </Text>
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Paper>
  );
}
