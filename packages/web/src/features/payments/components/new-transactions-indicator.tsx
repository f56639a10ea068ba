import { ActionIcon, Badge, Group, Indicator, Popover, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconBell } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNewTransactions } from '../hooks/use-new-transactions.ts';
import { Money } from '../../../shared/ui/money.tsx';

/**
 * Unseen flag (spec §4, values 1–4): 1 nothing unseen, 2 new pay-ins, 3 new pay-outs, 4 both.
 * Opening a panel tells the server that panel was seen.
 */
const unseenPanels = (flag: number) => ({
  inbound: flag === 2 || flag === 4,
  outbound: flag === 3 || flag === 4,
});

/** Bell with the new pay-ins / pay-outs since the last look; can be mounted in the header too. */
export function NewTransactionsIndicator() {
  const { t } = useTranslation();
  const { items, unseen, isLive, markSeen } = useNewTransactions();
  const [tab, setTab] = useState<'inbound' | 'outbound'>('inbound');
  const panels = unseenPanels(unseen);
  const open = (panel: 'inbound' | 'outbound') => {
    setTab(panel);
    if (panels[panel]) void markSeen(panel);
  };
  const shown = items.filter((i) => i.direction === tab);
  return (
    <Popover
      width={320}
      position="bottom-end"
      shadow="md"
      onOpen={() => open(panels.outbound && !panels.inbound ? 'outbound' : 'inbound')}
    >
      <Popover.Target>
        <Tooltip label={t(isLive ? 'payments:notifications.live' : 'payments:notifications.polling')}>
          <Indicator
            disabled={!panels.inbound && !panels.outbound}
            color="red"
            size={10}
            offset={4}
            processing
          >
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('payments:notifications.title')}
              data-testid="new-transactions"
            >
              <IconBell size={18} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Tabs value={tab} onChange={(v) => open(v === 'outbound' ? 'outbound' : 'inbound')}>
          <Tabs.List grow>
            <DirectionTab value="inbound" icon={<IconArrowDownLeft size={14} />} isNew={panels.inbound}>
              {t('payments:notifications.inbound')}
            </DirectionTab>
            <DirectionTab value="outbound" icon={<IconArrowUpRight size={14} />} isNew={panels.outbound}>
              {t('payments:notifications.outbound')}
            </DirectionTab>
          </Tabs.List>
        </Tabs>
        <Stack gap={6} mt="sm">
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('payments:notifications.none')}
            </Text>
          ) : (
            shown.map((i) => (
              <Group key={`${i.direction}-${i.currency}`} justify="space-between">
                <Text size="sm">{t('payments:notifications.count', { count: i.quantity })}</Text>
                <Money amount={i.amount} currency={i.currency} size="sm" fw={600} />
              </Group>
            ))
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A direction's tab, with a red mark while it has transactions not seen yet. */
function DirectionTab({
  value,
  icon,
  isNew,
  children,
}: {
  value: string;
  icon: ReactNode;
  isNew: boolean;
  children: ReactNode;
}) {
  return (
    <Tabs.Tab
      value={value}
      leftSection={icon}
      rightSection={
        isNew ? (
          <Badge size="xs" circle color="red">
            !
          </Badge>
        ) : null
      }
    >
      {children}
    </Tabs.Tab>
  );
}
