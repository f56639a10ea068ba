import {
  ActionIcon,
  Anchor,
  Badge,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconBell,
  IconMail,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useMessages, useUnreadMessages } from '../../messages/api.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { useNewTransactions } from '../../payments/index.ts';
import { type NoticeItem, useNotices } from '../api.ts';
import { NoticeModal } from './notice-modal.tsx';
import { NoticeSummary } from './notice-summary.tsx';

type Panel = 'inbound' | 'outbound' | 'messages' | 'notices';

/**
 * The header's notification centre: new pay-ins and pay-outs (with the spec §4 unseen flag, 1 to 4,
 * cleared per panel as it is opened), unread messages from support and unread system notices (the
 * spec §9 first page: 5 unread, newest first). Counts change without reload: the notification stream
 * pushes `payment`, `messages` and `notices` events.
 */
export function NotificationCentre({ withPayments }: { withPayments: boolean }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const navigate = useNavigate();
  const payments = useNewTransactions();
  const unreadMessages = useUnreadMessages();
  const notices = useNotices({ status: 'unread', page: 1 });
  const [opened, setOpened] = useState(false);
  const [notice, setNotice] = useState<NoticeItem | null>(null);
  const flag = payments.unseen;
  const unseenIn = flag === 2 || flag === 4;
  const unseenOut = flag === 3 || flag === 4;
  const unreadNotices = notices.data?.total ?? 0;
  const firstPanel: Panel =
    withPayments && unseenIn
      ? 'inbound'
      : withPayments && unseenOut
        ? 'outbound'
        : unreadMessages
          ? 'messages'
          : unreadNotices
            ? 'notices'
            : withPayments
              ? 'inbound'
              : 'messages';
  const [panel, setPanel] = useState<Panel>(firstPanel);
  const latestUnread = useMessages('inbox', {
    page: 1,
    rows: 5,
    order: 'desc',
    sort_param: 'created',
    unread: true,
  });
  const open = (p: Panel) => {
    setPanel(p);
    if (p === 'inbound' && unseenIn) void payments.markSeen('inbound');
    if (p === 'outbound' && unseenOut) void payments.markSeen('outbound');
  };
  const count = unreadMessages + unreadNotices;
  const dot = (on: boolean) =>
    on ? (
      <Badge size="xs" circle color="red">
        !
      </Badge>
    ) : null;
  const counter = (n: number) =>
    n > 0 ? (
      <Badge size="xs" color="red" circle>
        {n > 99 ? '99+' : n}
      </Badge>
    ) : null;
  const shown = payments.items.filter((i) => i.direction === panel);
  const tabs: { value: Panel; icon: ReactNode; mark: ReactNode; label: string; testId: string }[] = [
    ...(withPayments
      ? [
          {
            value: 'inbound' as const,
            icon: <IconArrowDownLeft size={14} />,
            mark: dot(unseenIn),
            label: t('messages:centre.payins'),
            testId: 'centre-payins',
          },
          {
            value: 'outbound' as const,
            icon: <IconArrowUpRight size={14} />,
            mark: dot(unseenOut),
            label: t('messages:centre.payouts'),
            testId: 'centre-payouts',
          },
        ]
      : []),
    {
      value: 'messages',
      icon: <IconMail size={14} />,
      mark: counter(unreadMessages),
      label: t('messages:centre.messages'),
      testId: 'centre-messages',
    },
    {
      value: 'notices',
      icon: <IconSpeakerphone size={14} />,
      mark: counter(unreadNotices),
      label: t('messages:centre.notices'),
      testId: 'centre-notices',
    },
  ];
  return (
    <>
      <Popover
        width="min(400px, calc(100vw - 16px))"
        position="bottom-end"
        shadow="md"
        opened={opened}
        onChange={setOpened}
        zIndex={6000}
        onOpen={() => open(firstPanel)}
      >
        <Popover.Target>
          <Tooltip
            label={t(payments.isLive ? 'payments:notifications.live' : 'payments:notifications.polling')}
            // The bell sits at the header's end: below it and aligned to its end the text stays on
            // screen; while the panel is open it would hide behind the panel, so it is not shown.
            position="bottom-end"
            multiline
            maw={240}
            disabled={opened}
          >
            <Indicator
              disabled={count === 0 && !unseenIn && !unseenOut}
              label={count > 0 ? (count > 99 ? '99+' : count) : undefined}
              color="red"
              size={count > 0 ? 16 : 10}
              offset={4}
              data-testid="notification-count"
              data-count={count}
            >
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('messages:centre.title')}
                data-testid="new-transactions"
                onClick={() => setOpened((o) => !o)}
              >
                <IconBell size={18} />
              </ActionIcon>
            </Indicator>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown data-testid="notification-centre">
          {/* Each tab names its panel (icons alone did not say which is which): the icon and the mark
              above, the name below, so four fit in one row on a phone too. */}
          <Tabs
            value={panel}
            onChange={(v) => open((v as Panel) ?? 'messages')}
            styles={{ tab: { paddingInline: 4, paddingBlock: 6 } }}
          >
            <Tabs.List grow>
              {tabs.map((tab) => (
                <Tabs.Tab key={tab.value} value={tab.value} data-testid={tab.testId}>
                  <Stack gap={2} align="center">
                    <Group gap={4} wrap="nowrap" h={16}>
                      {tab.icon}
                      {tab.mark}
                    </Group>
                    <Text size="xs" lh={1.2} style={{ whiteSpace: 'nowrap' }}>
                      {tab.label}
                    </Text>
                  </Stack>
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <ScrollArea.Autosize mah={320}>
            <Stack gap={6} mt="xs">
              {panel === 'inbound' || panel === 'outbound' ? (
                shown.length === 0 ? (
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
                )
              ) : null}
              {panel === 'messages' ? (
                (latestUnread.data?.messages ?? []).length === 0 ? (
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {t('messages:centre.noMessages')}
                  </Text>
                ) : (
                  (latestUnread.data?.messages ?? []).map((m) => (
                    <UnstyledButton
                      key={m.id}
                      onClick={() => {
                        setOpened(false);
                        navigate(href('messageThread', { id: m.root_uuid }));
                      }}
                      data-testid="centre-message"
                    >
                      <Text size="sm" fw={600} truncate="end">
                        {m.subject}
                      </Text>
                      <Text size="xs" c="dimmed">{`${m.case_number} · ${dateTime(m.created)}`}</Text>
                    </UnstyledButton>
                  ))
                )
              ) : null}
              {panel === 'notices' ? (
                (notices.data?.notices ?? []).length === 0 ? (
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {t('messages:centre.noNotices')}
                  </Text>
                ) : (
                  (notices.data?.notices ?? []).map((n) => (
                    <UnstyledButton
                      key={n.id}
                      onClick={() => {
                        setOpened(false);
                        setNotice(n);
                      }}
                      data-testid="centre-notice"
                    >
                      <NoticeSummary notice={n} textLines={2} />
                    </UnstyledButton>
                  ))
                )
              ) : null}
            </Stack>
          </ScrollArea.Autosize>
          <Divider my="xs" />
          <Group justify="space-between">
            <Anchor
              component={Link}
              to={href('messages', { folder: 'inbox' })}
              size="xs"
              onClick={() => setOpened(false)}
            >
              {t('messages:centre.openMessages')}
            </Anchor>
            <Anchor
              component={Link}
              to={href('notifications')}
              size="xs"
              onClick={() => setOpened(false)}
              data-testid="centre-all"
            >
              {t('messages:centre.all')}
            </Anchor>
          </Group>
        </Popover.Dropdown>
      </Popover>
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
