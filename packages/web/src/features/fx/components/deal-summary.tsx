import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { formatRate } from '../rate-format.ts';

/** The two amounts of a deal with its rate (and the inverse rate while it is a quote). */
export function DealSummary({
  sell,
  buy,
  rate,
  inverse,
}: {
  sell: [string, string];
  buy: [string, string];
  rate: string;
  inverse?: string;
}) {
  const { t } = useTranslation('fx');
  const { money } = useFormat();
  return (
    <Stack gap={6} data-testid="fx-deal">
      <SimpleGrid cols={2}>
        <Stack gap={2} align="center">
          <Text size="xs" c="dimmed" tt="uppercase">
            {t('dialog.youSell')}
          </Text>
          <Text fw={700} fz={22} ff="monospace" data-testid="fx-sell-amount">
            {money(sell[0], sell[1])}
          </Text>
        </Stack>
        <Stack gap={2} align="center">
          <Text size="xs" c="dimmed" tt="uppercase">
            {t('dialog.youGet')}
          </Text>
          <Text fw={700} fz={22} ff="monospace" c="teal" data-testid="fx-buy-amount">
            {money(buy[0], buy[1])}
          </Text>
        </Stack>
      </SimpleGrid>
      <Group justify="center" gap={6}>
        <Badge variant="light" color="gray" tt="none" title={rate} data-testid="fx-rate">
          {t('rate', { sell: sell[1], buy: buy[1], rate: formatRate(rate) })}
        </Badge>
        {inverse ? (
          <Badge variant="outline" color="gray" tt="none" title={inverse}>
            {t('rate', { sell: buy[1], buy: sell[1], rate: formatRate(inverse) })}
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}
