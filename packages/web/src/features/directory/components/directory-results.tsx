import { Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/index.ts';
import { DIRECTORY_PAGE_SIZE, type useDirectoryList } from '../api.ts';
import { EntryCard } from './entry-card.tsx';
import { ListLoader } from './list-loader.tsx';

interface DirectoryResultsProps {
  list: ReturnType<typeof useDirectoryList>;
  page: number;
  onPageChange: (page: number) => void;
}

/** One page of published members: loader, empty state, or the total, the cards and the pager. */
export function DirectoryResults({ list, page, onPageChange }: DirectoryResultsProps) {
  const { t } = useTranslation();
  const total = list.data?.quantity ?? 0;
  const pages = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));

  if (list.isPending) return <ListLoader />;
  if (total === 0)
    return (
      <EmptyState
        title={t('ecosystem:list.emptyTitle')}
        description={t('ecosystem:list.emptyDescription')}
        icon={<IconBuildingStore size={26} stroke={1.5} />}
      />
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="directory-total">
        {t('ecosystem:list.total', { count: total })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {(list.data?.entries ?? []).map((e) => (
          <EntryCard key={e.merchant_id} entry={e} />
        ))}
      </SimpleGrid>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={onPageChange} />
        </Group>
      ) : null}
    </Stack>
  );
}
