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
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  CASE_STATUSES,
  type CaseStatus,
  MESSAGE_SORT_PARAMS,
  MESSAGE_TYPES,
  type MessageFolder,
} from '@portal/domain';
import { IconMailPlus, IconPaperclip, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormatters } from '../../../shared/i18n/index.ts';
import { EmptyState, ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import { type ListFilters, useDeleteMessages, useMarkRead, useMessages, useUnreadMessages } from '../api.ts';
import { ComposeModal } from '../components/compose-modal.tsx';
import { CaseStatusBadge, PriorityBadge } from '../components/labels.tsx';

const ROWS = 10;
/** A subject is the user's own words: it wraps onto more lines rather than being cut. */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((v) => v === value);

/** Inbox and outbox: filters, sort and page live in the URL; rows open the thread. */
export function MessagesPage() {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const navigate = useNavigate();
  const { folder: folderParam } = useParams();
  const folder: MessageFolder = folderParam === 'outbox' ? 'outbox' : 'inbox';
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters: ListFilters = {
    page,
    rows: ROWS,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    crm_status: oneOf(CASE_STATUSES, params.get('status')),
    type: oneOf(MESSAGE_TYPES, params.get('type')),
    filter_value: params.get('q') || undefined,
    sort_param: oneOf(MESSAGE_SORT_PARAMS, params.get('sort')) ?? 'created',
    unread: params.get('unread') === '1' || undefined,
  };
  const query = useMessages(folder, filters);
  const unread = useUnreadMessages();
  const markRead = useMarkRead();
  const remove = useDeleteMessages();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const [selected, setSelected] = useState<string[]>([]);
  const [isComposing, setComposing] = useState(params.get('new') === '1');
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  const update = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) v ? merged.set(k, v) : merged.delete(k);
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true });
    setSelected([]);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL.
  useEffect(() => {
    if (debounced !== (params.get('q') ?? '')) update({ q: debounced || undefined });
  }, [debounced]);

  const rows = query.data?.messages ?? [];
  const total = query.data?.total ?? 0;
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const options = (list: readonly string[], prefix: string) => [
    { value: '', label: t('messages:filters.any') },
    ...list.map((v) => ({ value: v, label: t(`${prefix}.${v}`) })),
  ];

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
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('messages:filters.search')}
          aria-label={t('messages:filters.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          label={t('messages:filters.status')}
          data={options(CASE_STATUSES, 'messages:statuses')}
          value={filters.crm_status ?? ''}
          onChange={(v) => update({ status: v || undefined })}
          w={{ base: '100%', xs: 200 }}
          allowDeselect={false}
        />
        <Select
          label={t('messages:filters.type')}
          data={options(MESSAGE_TYPES, 'messages:types')}
          value={filters.type ?? ''}
          onChange={(v) => update({ type: v || undefined })}
          w={{ base: '100%', xs: 200 }}
          allowDeselect={false}
        />
        <Select
          label={t('messages:filters.sort')}
          data={MESSAGE_SORT_PARAMS.map((s) => ({ value: s, label: t(`messages:filters.sortParams.${s}`) }))}
          value={filters.sort_param}
          onChange={(v) => update({ sort: v && v !== 'created' ? v : undefined })}
          w={{ base: '48%', xs: 160 }}
          allowDeselect={false}
        />
        <Select
          label={t('messages:filters.order')}
          data={[
            { value: 'desc', label: t('messages:filters.desc') },
            { value: 'asc', label: t('messages:filters.asc') },
          ]}
          value={filters.order}
          onChange={(v) => update({ order: v === 'asc' ? 'asc' : undefined })}
          w={{ base: '48%', xs: 160 }}
          allowDeselect={false}
        />
        {folder === 'inbox' ? (
          <Switch
            label={t('messages:filters.unreadOnly')}
            checked={!!filters.unread}
            onChange={(e) => update({ unread: e.currentTarget.checked ? '1' : undefined })}
            mb={8}
          />
        ) : null}
      </Group>
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
              remove.mutate(
                { body: { messages: selected } },
                {
                  onSuccess: (a) => {
                    notifySuccess(t('messages:deletedCount', { count: a.deleted }));
                    setSelected([]);
                  },
                },
              )
            }
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
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>{t('messages:columns.case')}</Table.Th>
              <Table.Th>{t('messages:columns.subject')}</Table.Th>
              <Table.Th>{t('messages:columns.status')}</Table.Th>
              <Table.Th>{t('messages:columns.priority')}</Table.Th>
              <Table.Th>{t('messages:columns.date')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
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
                  <Table.Td>
                    <CaseStatusBadge status={m.crm_status as CaseStatus} />
                  </Table.Td>
                  <Table.Td>
                    <PriorityBadge priority={m.priority} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{dateTime(m.created)}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={ROWS} page={page} onPage={(p) => update({ page: String(p) })} />
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
