import { Badge, Group, Select, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CASE_STATUSES, type CaseStatus } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { useFormatters } from '../../../shared/i18n/index.ts';
import { EmptyState, ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import { useCases } from '../api.ts';
import { ConsoleNav } from '../components/console-nav.tsx';
import { CaseStatusBadge, PriorityBadge } from '../components/labels.tsx';

const ROWS = 20;

/** Operator console: support cases of every company, latest activity first (filters in the URL). */
export function OperatorCasesPage() {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = CASE_STATUSES.find((s) => s === params.get('status'));
  const assigned = params.get('assigned') ?? '';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useCases({
    page,
    rows: ROWS,
    crm_status: status,
    assigned: assigned || undefined,
    filter_value: params.get('q') || undefined,
  });
  const update = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) v ? merged.set(k, v) : merged.delete(k);
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL.
  useEffect(() => {
    if (debounced !== (params.get('q') ?? '')) update({ q: debounced || undefined });
  }, [debounced]);
  const rows = query.data?.cases ?? [];
  const total = query.data?.total ?? 0;
  return (
    <Page
      title={t('messages:console.casesTitle')}
      description={t('messages:console.casesDescription')}
      actions={<ConsoleNav value="operatorCases" />}
    >
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
          data={[
            { value: '', label: t('messages:filters.any') },
            ...CASE_STATUSES.map((s) => ({ value: s, label: t(`messages:statuses.${s}`) })),
          ]}
          value={status ?? ''}
          onChange={(v) => update({ status: v || undefined })}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('messages:console.assignee')}
          data={[
            { value: '', label: t('messages:filters.any') },
            { value: 'me', label: t('messages:console.assignedMe') },
            { value: 'none', label: t('messages:console.assignedNone') },
          ]}
          value={assigned}
          onChange={(v) => update({ assigned: v || undefined })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {query.isLoading ? (
        <Skeleton h={300} radius="md" />
      ) : rows.length === 0 ? (
        <EmptyState title={t('messages:console.emptyCases')} />
      ) : (
        <ListTable minWidth={900} data-testid="cases-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('messages:columns.case')}</Table.Th>
              <Table.Th>{t('messages:console.company')}</Table.Th>
              <Table.Th>{t('messages:columns.subject')}</Table.Th>
              <Table.Th>{t('messages:columns.status')}</Table.Th>
              <Table.Th>{t('messages:columns.priority')}</Table.Th>
              <Table.Th>{t('messages:console.assignee')}</Table.Th>
              <Table.Th>{t('messages:console.updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr
                key={c.id}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(href('operatorCase', { id: c.id }))}
                data-case={c.subject}
              >
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {c.case_number}
                  </Text>
                </Table.Td>
                <Table.Td>{c.merchant_name}</Table.Td>
                <Table.Td maw={320}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={c.unread ? 700 : 500} truncate="end">
                      {c.subject}
                    </Text>
                    {c.unread ? (
                      <Badge size="xs" color="red">
                        {`${t('messages:console.unreadByStaff')} ${c.unread}`}
                      </Badge>
                    ) : null}
                    {c.deleted_by_client ? (
                      <Badge size="xs" color="gray">
                        {t('messages:console.deletedByClient')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <CaseStatusBadge status={c.crm_status as CaseStatus} />
                </Table.Td>
                <Table.Td>
                  <PriorityBadge priority={c.priority} />
                </Table.Td>
                <Table.Td>{c.assigned_name ?? t('messages:console.unassigned')}</Table.Td>
                <Table.Td>{dateTime(c.updated)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={ROWS} page={page} onPage={(p) => update({ page: String(p) })} />
    </Page>
  );
}
