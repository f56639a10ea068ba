import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CASE_STATUSES,
  type CaseStatus,
  MESSAGE_SORT_PARAMS,
  MESSAGE_TYPES,
  type MessageFolder,
} from '@portal/domain';
import { IconMailPlus, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { confirmDestructive } from '../../../shared/ui/confirm-destructive.ts';
import { EmptyState, ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { useUrlListState } from '../../../shared/ui/url-list-state.ts';
import { type ListFilters, useDeleteMessages, useMarkRead, useMessages, useUnreadMessages } from '../api.ts';
import { ComposeModal } from '../components/compose-modal.tsx';
import { CaseListFilters, SortSelects, withAnyOption } from '../../../shared/ui/list-filters.tsx';
import { CaseBadgeCells, CaseStatusBadge, PriorityBadge } from '../components/labels.tsx';

const ROWS = 10;
/** A subject is the user's own words: it wraps onto more lines rather than being cut. */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((v) => v === value);

/** Inbox and outbox: filters, sort and page live in the URL; rows open the thread. */
export function MessagesPage() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const navigate = useNavigate();
  const { folder: folderParam } = useParams();
  const folder: MessageFolder = folderParam === 'outbox' ? 'outbox' : 'inbox';
  const [selected, setSelected] = useState<string[]>([]);
  const { params, page, update, q, search, setSearch, setPage } = useUrlListState({
    onUpdate: () => setSelected([]),
  });
  const filters: ListFilters = {
    page,
    rows: ROWS,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    crm_status: oneOf(CASE_STATUSES, params.get('status')),
    type: oneOf(MESSAGE_TYPES, params.get('type')),
    filter_value: q,
    sort_param: oneOf(MESSAGE_SORT_PARAMS, params.get('sort')) ?? 'created',
    unread: params.get('unread') === '1' || undefined,
  };
  const query = useMessages(folder, filters);
  const unread = useUnreadMessages();
  const markRead = useMarkRead();
  const remove = useDeleteMessages();
  const [isComposing, setComposing] = useState(params.get('new') === '1');
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  const rows = query.data?.messages ?? [];
  const total = query.data?.total ?? 0;
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Page
      title={t('messages:title')}
      description={t('messages:description')}
      actions={
        <Button
          leftSection={<IconMailPlus size={16} />}
          onClick={() => setComposing(true)}
          data-testid="new-message"
        >
          {t('messages:new')}
        </Button>
      }
    >
      <Tabs
        value={folder}
        onChange={(v) => navigate(href('messages', { folder: v === 'outbox' ? 'outbox' : 'inbox' }))}
      >
        <Tabs.List>
          <Tabs.Tab
            value="inbox"
            rightSection={
              unread > 0 ? (
                <Badge size="sm" color="red" circle data-testid="inbox-unread">
                  {unread}
                </Badge>
              ) : null
            }
          >
            {t('messages:folders.inbox')}
          </Tabs.Tab>
          <Tabs.Tab value="outbox">{t('messages:folders.outbox')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <CaseListFilters
        search={search}
        onSearch={setSearch}
        status={filters.crm_status}
        onChange={update}
        statusWidth={{ base: '100%', xs: 200 }}
      >
        <Select
          label={t('messages:filters.type')}
          data={withAnyOption(t, MESSAGE_TYPES, 'messages:types')}
          value={filters.type ?? ''}
          onChange={(v) => update({ type: v || undefined })}
          w={{ base: '100%', xs: 200 }}
          allowDeselect={false}
        />
        <SortSelects
          fields={MESSAGE_SORT_PARAMS}
          labelPrefix="messages:filters.sortParams"
          sort={filters.sort_param}
          order={filters.order}
          onChange={update}
          visibleLabels
          w={{ base: '48%', xs: 160 }}
        />
        {folder === 'inbox' ? (
          <Switch
            label={t('messages:filters.unreadOnly')}
            checked={!!filters.unread}
            onChange={(e) => update({ unread: e.currentTarget.checked ? '1' : undefined })}
            mb={8}
          />
        ) : null}
      </CaseListFilters>
      {selected.length > 0 ? (
        <Group gap="sm">
          <Text size="sm">{t('messages:selected', { count: selected.length })}</Text>
          {folder === 'inbox' ? (
            <Button
              size="xs"
              variant="light"
              loading={markRead.isPending}
              onClick={() =>
                markRead.mutate(
                  { body: { messages: selected } },
                  {
                    onSuccess: () => {
                      notifySuccess(t('messages:markedRead'));
                      setSelected([]);
                    },
                  },
                )
              }
            >
              {t('messages:actions.markRead')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              confirmDestructive({
                title: t('messages:confirmDeleteSelected.title', { count: selected.length }),
                body: t('messages:confirmDeleteSelected.body', { count: selected.length }),
                confirm: t('messages:confirmDeleteSelected.confirm', { count: selected.length }),
                cancel: t('common:actions.cancel'),
                onConfirm: () =>
                  remove.mutate(
                    { body: { messages: selected } },
                    {
                      onSuccess: (a) => {
                        notifySuccess(t('messages:deletedCount', { count: a.deleted }));
                        setSelected([]);
                      },
                    },
                  ),
              })
            }
            data-testid="messages-delete"
          >
            {t('messages:actions.delete')}
          </Button>
        </Group>
      ) : null}
      {query.isLoading ? (
        <Skeleton h={300} radius="md" />
      ) : rows.length === 0 ? (
        <EmptyState
          title={t(`messages:empty.${folder}Title`)}
          description={t(`messages:empty.${folder}Text`)}
        />
      ) : isPhone ? (
        <Stack gap="xs" data-testid="messages-table">
          {rows.map((m) => (
            <Paper
              key={m.id}
              withBorder
              radius="md"
              p="sm"
              style={{ cursor: 'pointer' }}
              onClick={() => navigate(href('messageThread', { id: m.root_uuid }))}
              data-message={m.subject}
              data-unread={m.read_status === 0 ? '1' : '0'}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {m.case_number}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {dateTime(m.created)}
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap" mt={4}>
                {m.read_status === 0 ? <Badge size="xs" color="red" variant="filled" circle /> : null}
                <Text size="sm" fw={m.read_status === 0 ? 700 : 500} style={WRAP_ANYWHERE}>
                  {m.subject}
                </Text>
                {m.attachments.length > 0 ? <IconPaperclip size={14} /> : null}
              </Group>
              <Group gap="xs" mt={6}>
                <CaseStatusBadge status={m.crm_status as CaseStatus} />
                <PriorityBadge priority={m.priority} />
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <ListTable minWidth={760} data-testid="messages-table">
          <ListHead
            columns={[
              { w: 36 },
              t('messages:columns.case'),
              t('messages:columns.subject'),
              t('messages:columns.status'),
              t('messages:columns.priority'),
              t('messages:columns.date'),
            ]}
          />
          <Table.Tbody>
            {rows.map((m) => {
              const isUnread = m.read_status === 0;
              return (
                <Table.Tr
                  key={m.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(href('messageThread', { id: m.root_uuid }))}
                  data-message={m.subject}
                  data-unread={isUnread ? '1' : '0'}
                >
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      aria-label={m.subject}
                      checked={selected.includes(m.id)}
                      onChange={() => toggle(m.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {m.case_number}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={360}>
                    <Stack gap={2}>
                      <Group gap={6} wrap="nowrap">
                        {isUnread ? <Badge size="xs" color="red" variant="filled" circle /> : null}
                        <Text size="sm" fw={isUnread ? 700 : 500} style={WRAP_ANYWHERE}>
                          {m.subject}
                        </Text>
                        {m.attachments.length > 0 ? <IconPaperclip size={14} /> : null}
                      </Group>
                      <Text size="xs" c="dimmed" style={WRAP_ANYWHERE}>
                        {`${t(`messages:types.${m.type}`)} · ${m.author_name}`}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <CaseBadgeCells status={m.crm_status} priority={m.priority} />
                  <Table.Td>
                    <Text size="sm">{dateTime(m.created)}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={ROWS} page={page} onPage={setPage} />
      <ComposeModal
        opened={isComposing}
        onClose={() => setComposing(false)}
        onSent={(root) => {
          setComposing(false);
          navigate(href('messageThread', { id: root }));
        }}
      />
    </Page>
  );
}
