import { Button, Group, SegmentedControl, Skeleton, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, ListPager, ListTable, Page, usePhone } from '../../../shared/ui/index.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { SearchInput } from '../../../shared/ui/search-input.tsx';
import { useUrlListState } from '../../../shared/ui/url-list-state.ts';
import { useBoardingList } from '../api.ts';
import { CreateRecordModal } from '../components/create-record-modal.tsx';
import { ChecklistProgress, RecordCards, RecordStateBadge } from '../components/record-cards.tsx';

const ROWS = 20;
type State = '' | 'in_progress' | 'live';

/** Operator console: boarding records with their state (filter, page and state in the URL). */
export function OperatorListPage() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const navigate = useNavigate();
  const { params, page, update, search, setSearch, setPage } = useUrlListState();
  const state = (['in_progress', 'live'].find((s) => s === params.get('state')) ?? '') as State;
  const [isCreating, setCreating] = useState(false);
  const isPhone = usePhone();
  const query = useBoardingList(page, ROWS, params.get('q') ?? '', state);

  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  return (
    <Page
      title={t('operator:list.title')}
      description={t('operator:list.description')}
      actions={
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          data-testid="create-record"
        >
          {t('operator:list.create')}
        </Button>
      }
    >
      <Group justify="space-between">
        <SearchInput
          label={t('operator:list.search')}
          value={search}
          onSearch={setSearch}
          w={isPhone ? '100%' : 320}
        />
        <SegmentedControl
          fullWidth={isPhone}
          w={isPhone ? '100%' : undefined}
          value={state || 'all'}
          onChange={(value) => update({ state: value === 'all' ? undefined : value })}
          data={[
            { value: 'all', label: t('operator:list.all') },
            { value: 'in_progress', label: t('operator:state.in_progress') },
            { value: 'live', label: t('operator:state.live') },
          ]}
        />
      </Group>
      {query.isLoading ? (
        <Skeleton h={300} radius="md" />
      ) : rows.length === 0 ? (
        <EmptyState title={t('operator:list.emptyTitle')} description={t('operator:list.emptyText')} />
      ) : isPhone ? (
        <RecordCards rows={rows} onOpen={(uuid) => navigate(href('operatorRecord', { uuid }))} />
      ) : (
        <ListTable minWidth={860} data-testid="records-table">
          <ListHead
            columns={[
              t('operator:columns.account_name'),
              t('operator:columns.state'),
              t('operator:columns.forms'),
              t('operator:columns.review'),
              t('operator:columns.checklist'),
              t('operator:columns.created'),
            ]}
          />
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr
                key={r.uuid}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(href('operatorRecord', { uuid: r.uuid }))}
                data-record={r.account_name}
              >
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {r.account_name}
                  </Text>
                  {r.partner ? (
                    <Text size="xs" c="dimmed">
                      {t('operator:list.partner', { partner: r.partner })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <RecordStateBadge state={r.state} />
                </Table.Td>
                <Table.Td>{t(`wizard:formStatus.${r.app_form_status}`)}</Table.Td>
                <Table.Td>{t(`wizard:reviewStatus.${r.review_status}`)}</Table.Td>
                <Table.Td w={160}>
                  <ChecklistProgress done={r.checklist_done} total={r.checklist_total} />
                </Table.Td>
                <Table.Td>{date(r.created)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={ROWS} page={page} onPage={setPage} />
      <CreateRecordModal
        opened={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(uuid) => {
          setCreating(false);
          navigate(href('operatorRecord', { uuid }));
        }}
      />
    </Page>
  );
}
