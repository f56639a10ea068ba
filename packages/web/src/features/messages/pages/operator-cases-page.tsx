import { Badge, Group, Select, Skeleton, Table, Text } from '@mantine/core';
import { CASE_STATUSES } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { useUrlListState } from '../../../shared/ui/url-list-state.ts';
import { useCases } from '../api.ts';
import { ConsoleNav } from '../../../shared/ui/console-nav.tsx';
import { CaseBadgeCells } from '../components/labels.tsx';
import { CaseListFilters } from '../../../shared/ui/list-filters.tsx';

const ROWS = 20;

/** Operator console: support cases of every company, latest activity first (filters in the URL). */
export function OperatorCasesPage() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const navigate = useNavigate();
  const { params, page, update, q, search, setSearch, setPage } = useUrlListState();
  const status = CASE_STATUSES.find((s) => s === params.get('status'));
  const assigned = params.get('assigned') ?? '';
  const query = useCases({
    page,
    rows: ROWS,
    crm_status: status,
    assigned: assigned || undefined,
    filter_value: q,
  });
  const rows = query.data?.cases ?? [];
  const total = query.data?.total ?? 0;
  return (
    <Page
      title={t('messages:console.casesTitle')}
      description={t('messages:console.casesDescription')}
      actions={<ConsoleNav value="operatorCases" />}
    >
      <CaseListFilters
        search={search}
        onSearch={setSearch}
        status={status}
        onChange={update}
        statusWidth={{ base: '100%', xs: 220 }}
      >
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
      </CaseListFilters>
      {query.isLoading ? (
        <Skeleton h={300} radius="md" />
      ) : rows.length === 0 ? (
        <EmptyState title={t('messages:console.emptyCases')} />
      ) : (
        <ListTable minWidth={900} data-testid="cases-table">
          <ListHead
            columns={[
              t('messages:columns.case'),
              t('messages:console.company'),
              t('messages:columns.subject'),
              t('messages:columns.status'),
              t('messages:columns.priority'),
              t('messages:console.assignee'),
              t('messages:console.updated'),
            ]}
          />
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
                <CaseBadgeCells status={c.crm_status} priority={c.priority} />
                <Table.Td>{c.assigned_name ?? t('messages:console.unassigned')}</Table.Td>
                <Table.Td>{dateTime(c.updated)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={ROWS} page={page} onPage={setPage} />
    </Page>
  );
}
