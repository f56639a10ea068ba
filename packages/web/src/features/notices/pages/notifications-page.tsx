import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { NOTICE_LIST_STATUSES, NOTICE_SORT_PARAMS } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, ListPager, Page } from '../../../shared/ui/index.ts';
import { SearchInput } from '../../../shared/ui/search-input.tsx';
import { useUrlListState } from '../../../shared/ui/url-list-state.ts';
import { useUnreadMessages } from '../../messages/api.ts';
import { SortSelects } from '../../../shared/ui/list-filters.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { useNewTransactions } from '../../payments/index.ts';
import { type NoticeItem, useMarkNoticesRead, useNotices } from '../api.ts';
import { NoticeModal } from '../components/notice-modal.tsx';

const ROWS = 10;

/** The Notifications screen: system notices with status, text filter, sort and page in the URL, plus counters. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const { params, page, update, q, search, setSearch, setPage } = useUrlListState();
  const status = NOTICE_LIST_STATUSES.find((s) => s === params.get('status')) ?? 'unread';
  const sort = NOTICE_SORT_PARAMS.find((s) => s === params.get('sort')) ?? 'created';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const query = useNotices({
    status,
    page,
    rows: ROWS,
    sort_param: sort,
    sort_order: order,
    filter_value: q,
  });
  const markRead = useMarkNoticesRead();
  const unreadMessages = useUnreadMessages();
  const payments = useNewTransactions();
  const [open, setOpen] = useState<NoticeItem | null>(null);
  const notices = query.data?.notices ?? [];
  const total = query.data?.total ?? 0;
  const unreadOnPage = notices.filter((n) => n.read_status === 0).map((n) => n.id);
  return (
    <Page title={t('messages:notices.title')} description={t('messages:notices.description')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            {t('messages:notices.unreadMessages')}
          </Text>
          <Group justify="space-between" mt={4}>
            <Text fw={700} size="xl" data-testid="unread-messages">
              {unreadMessages}
            </Text>
            <Anchor component={Link} to={href('messages', { folder: 'inbox' })} size="sm">
              {t('messages:centre.openMessages')}
            </Anchor>
          </Group>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            {t('messages:notices.newPayments')}
          </Text>
          <Stack gap={2} mt={4}>
            {payments.items.length === 0 ? (
              <Text size="sm">{t('payments:notifications.none')}</Text>
            ) : (
              payments.items.map((i) => (
                <Group key={`${i.direction}-${i.currency}`} justify="space-between">
                  <Text size="sm">{`${t(`payments:notifications.${i.direction}`)} · ${t('payments:notifications.count', { count: i.quantity })}`}</Text>
                  <Money amount={i.amount} currency={i.currency} size="sm" fw={600} />
                </Group>
              ))
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
      <Text fw={600}>{t('messages:notices.listTitle')}</Text>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          value={status}
          onChange={(v) => update({ status: v === 'unread' ? undefined : v })}
          data={NOTICE_LIST_STATUSES.map((s) => ({ value: s, label: t(`messages:notices.status.${s}`) }))}
        />
        <SearchInput
          label={t('messages:notices.search')}
          value={search}
          onSearch={setSearch}
          w={{ base: '100%', sm: 260 }}
        />
        <SortSelects
          fields={NOTICE_SORT_PARAMS}
          labelPrefix="messages:notices.sortParams"
          sort={sort}
          order={order}
          onChange={update}
          visibleLabels={false}
          w={{ base: '48%', xs: 170 }}
        />
        {unreadOnPage.length > 0 ? (
          <Button
            variant="light"
            size="sm"
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ body: { notices: unreadOnPage } })}
          >
            {t('messages:notices.markAllRead')}
          </Button>
        ) : null}
      </Group>
      {query.isLoading ? (
        <Skeleton h={200} radius="md" />
      ) : notices.length === 0 ? (
        <EmptyState title={t('messages:notices.empty')} />
      ) : (
        <Stack gap="xs" data-testid="notices-list">
          {notices.map((n) => (
            <UnstyledButton key={n.id} onClick={() => setOpen(n)} data-notice={n.title}>
              <Paper withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} miw={0}>
                    <Group gap={6} wrap="nowrap">
                      {n.read_status === 0 ? <Badge size="xs" color="red" circle /> : null}
                      <Text fw={n.read_status === 0 ? 700 : 500} size="sm" truncate="end">
                        {n.title}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {n.text}
                    </Text>
                  </Stack>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {date(n.created)}
                  </Text>
                </Group>
              </Paper>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      <ListPager total={total} pageSize={ROWS} page={page} onPage={setPage} />
      <NoticeModal notice={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
