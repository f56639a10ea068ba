import {
  Badge,
  Button,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DirectoryStatus } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { DIRECTORY_PAGE_SIZE, type ModeratedEntry, useModerateEntry, useModerationList } from '../api.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { ListLoader } from '../components/list-loader.tsx';

type StatusFilter = 'all' | DirectoryStatus;

/** Operator console: staff publish or hide directory entries with a note the company can be told. */
export function OperatorDirectoryPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<ModeratedEntry | null>(null);
  const list = useModerationList(page, {
    search: debounced || undefined,
    status: status === 'all' ? undefined : status,
  });
  const total = list.data?.quantity ?? 0;

  return (
    <Page title={t('ecosystem:moderation.title')} description={t('ecosystem:moderation.description')}>
      <FilterBar>
        <TextInput
          label={t('ecosystem:filters.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <SegmentedControl
          value={status}
          onChange={(v) => {
            setStatus(v as StatusFilter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('ecosystem:moderation.all') },
            { value: 'published', label: t('ecosystem:status.published') },
            { value: 'hidden', label: t('ecosystem:status.hidden') },
          ]}
        />
      </FilterBar>
      {list.isPending ? (
        <ListLoader />
      ) : total === 0 ? (
        <EmptyState title={t('ecosystem:list.emptyTitle')} />
      ) : (
        <ListTable minWidth={720} data-testid="moderation-table">
          <ListHead
            columns={[
              t('ecosystem:moderation.company'),
              t('ecosystem:form.displayName'),
              t('ecosystem:moderation.status'),
              t('ecosystem:moderation.updated'),
              {},
            ]}
          />
          <Table.Tbody>
            {(list.data?.entries ?? []).map((e) => (
              <Table.Tr key={e.merchant_id}>
                <Table.Td>{e.company_name}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm">{e.display_name}</Text>
                    {e.moderation_note ? (
                      <Text size="xs" c="dimmed">
                        {e.moderation_note}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Badge color={e.status === 'published' ? 'teal' : 'orange'} variant="light">
                    {t(`ecosystem:status.${e.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{format.dateTime(e.updated_at)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => setTarget(e)}>
                    {e.status === 'published'
                      ? t('ecosystem:moderation.hide')
                      : t('ecosystem:moderation.publish')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={DIRECTORY_PAGE_SIZE} page={page} onPage={setPage} justify="center" />
      <ModerateDialog entry={target} onClose={() => setTarget(null)} />
    </Page>
  );
}

function ModerateDialog({ entry, onClose }: { entry: ModeratedEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const moderate = useModerateEntry();
  const [note, setNote] = useState('');
  const next: DirectoryStatus = entry?.status === 'published' ? 'hidden' : 'published';
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={next === 'hidden' ? t('ecosystem:moderation.hide') : t('ecosystem:moderation.publish')}
    >
      <Stack gap="sm">
        <Text size="sm">{entry?.display_name}</Text>
        <Textarea
          label={t('ecosystem:moderation.note')}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <DialogActions
          cancelLabel={t('ecosystem:actions.cancel')}
          onCancel={onClose}
          submitLabel={t('ecosystem:actions.save')}
          isSubmitting={moderate.isPending}
          onConfirm={() =>
            entry &&
            moderate.mutate(
              { params: { merchantId: entry.merchant_id }, body: { status: next, note } },
              {
                onSuccess: () => {
                  notifySuccess(t('ecosystem:moderation.done'));
                  setNote('');
                  onClose();
                },
              },
            )
          }
        />
      </Stack>
    </Modal>
  );
}
