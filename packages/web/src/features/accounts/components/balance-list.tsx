import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isNegativeAmount, useFormat } from '../../../shared/format/index.ts';
import { byCurrencyOrder } from '../../../shared/format/accounts.ts';

export interface CurrencyAmount {
  currency: string;
  balance: string;
  available: string;
}

/** Balances of a wallet, one line per currency in the spec's currency order. */
export function BalanceList({
  balances,
  showAvailable = false,
}: {
  balances: CurrencyAmount[];
  showAvailable?: boolean;
}) {
  const { t } = useTranslation('wallets');
  const format = useFormat();
  if (balances.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('list.noBalances')}
      </Text>
    );
  return (
    <Stack gap={2}>
      {byCurrencyOrder(balances).map((row) => (
        <Group key={row.currency} gap="xs" wrap="nowrap" justify="flex-end">
          <Text
            size="sm"
            ff="monospace"
            fw={500}
            c={isNegativeAmount(row.balance, row.currency) ? 'red' : undefined}
            data-testid={`balance-${row.currency}`}
          >
            {format.money(row.balance, row.currency)}
          </Text>
          {showAvailable ? (
            <Text size="xs" c="dimmed">
              {t('list.availableShort', { amount: format.money(row.available, row.currency) })}
            </Text>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
