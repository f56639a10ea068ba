import { ActionIcon, Button, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconArrowsLeftRight } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetCard } from '../../../shared/ui/widget-card.tsx';
import { useFxPairs, useFxRate } from '../api.ts';
import { formatRate } from '../rate-format.ts';
import { ExchangeDialog } from './exchange-dialog.tsx';

/**
 * The Instant FX dashboard widget (spec §2): pair picker from the company's wallets, the live
 * indicative rate (spread included, refreshed every 5 s) and a quick exchange that opens the
 * exchange dialog with the pair and amount filled in.
 */
export function InstantFxWidget({ hasRights }: { hasRights: boolean }) {
  const { t } = useTranslation('fx');
  const pairs = useFxPairs();
  const list = pairs.data?.pairs ?? [];
  const [sell, setSell] = useState<string | null>(null);
  const [buy, setBuy] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [open, setOpen] = useState(false);

  // Default pair: the first offered (EUR/GBP first in the spec's currency order).
  useEffect(() => {
    if (sell || list.length === 0) return;
    const first = list.find((p) => p.sell_currency === 'EUR' && p.buy_currency === 'GBP') ?? list[0];
    setSell(first?.sell_currency ?? null);
    setBuy(first?.buy_currency ?? null);
  }, [list, sell]);

  const sells = useMemo(() => [...new Set(list.map((p) => p.sell_currency))], [list]);
  const buys = useMemo(
    () => list.filter((p) => p.sell_currency === sell).map((p) => p.buy_currency),
    [list, sell],
  );
  const rate = useFxRate(hasRights ? sell : null, hasRights ? buy : null);
  const offered = list.some((p) => p.sell_currency === sell && p.buy_currency === buy);

  return (
    <WidgetCard title={t('widget.title')} hasRights={hasRights} testId="widget-instant-fx">
      {list.length === 0 && !pairs.isLoading ? (
        <Text size="sm" c="dimmed">
          {t('widget.noPairs')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <Select
              label={t('widget.sell')}
              data={sells}
              value={sell}
              onChange={(v) => {
                setSell(v);
                if (v === buy) setBuy(null);
              }}
              allowDeselect={false}
              style={{ flex: 1 }}
              data-testid="widget-fx-sell"
            />
            <Tooltip label={t('widget.swap')}>
              <ActionIcon
                variant="subtle"
                size="lg"
                mb={2}
                aria-label={t('widget.swap')}
                onClick={() => {
                  setSell(buy);
                  setBuy(sell);
                }}
              >
                <IconArrowsLeftRight size={18} />
              </ActionIcon>
            </Tooltip>
            <Select
              label={t('widget.buy')}
              data={buys}
              value={buy}
              onChange={setBuy}
              allowDeselect={false}
              style={{ flex: 1 }}
              data-testid="widget-fx-buy"
            />
          </Group>
          <Group gap={8} wrap="nowrap" data-testid="widget-fx-rate">
            <span
              aria-hidden
              style={{
                width: 8,
                height: 8,
                borderRadius: 4,
                flex: 'none',
                background: rate.isError ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-teal-6)',
              }}
            />
            <Text size="sm" fw={600} ff="monospace" title={rate.data?.rate}>
              {rate.data && sell && buy
                ? t('rate', { sell, buy, rate: formatRate(rate.data.rate) })
                : rate.isError
                  ? t('widget.rateUnavailable')
                  : '…'}
            </Text>
            <Text size="xs" c="dimmed">
              {t('widget.indicative')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={t('widget.amount', { currency: sell ?? '' })}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="widget-fx-amount"
            />
            <Button
              leftSection={<IconArrowsExchange size={16} />}
              disabled={!offered || amount.trim() === ''}
              onClick={() => setOpen(true)}
              data-testid="widget-fx-exchange"
            >
              {t('widget.exchange')}
            </Button>
          </Group>
        </Stack>
      )}
      <ExchangeDialog
        opened={open}
        mode="instant"
        prefill={
          open && sell && buy ? { sellCurrency: sell, buyCurrency: buy, amount, side: 'sell' } : undefined
        }
        onClose={() => setOpen(false)}
      />
    </WidgetCard>
  );
}
