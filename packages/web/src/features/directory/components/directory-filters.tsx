import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CURRENCY_CODES, DIRECTORY_NETWORKS, DIRECTORY_SERVICES } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../../../shared/references/index.ts';
import type { DirectoryParams } from '../hooks/use-directory-params.ts';

/** The directory's filter bar: a debounced search and four selects, all kept in the URL. */
export function DirectoryFilters({ params }: { params: DirectoryParams }) {
  const { t } = useTranslation();
  const { filter, update } = params;
  const [search, setSearch] = useState(filter.search ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const currentSearch = filter.search ?? '';
  useEffect(() => {
    if (debounced !== currentSearch) update({ search: debounced || undefined });
  }, [debounced, currentSearch, update]);
  const countryOptions = useCountryOptions();

  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <TextInput
          label={t('ecosystem:filters.search')}
          placeholder={t('ecosystem:filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Select
          label={t('ecosystem:filters.service')}
          placeholder={t('ecosystem:filters.any')}
          data={DIRECTORY_SERVICES.map((s) => ({ value: s, label: t(`ecosystem:services.${s}`) }))}
          value={filter.service ?? null}
          onChange={(v) => update({ service: v ?? undefined })}
          clearable
        />
        <Select
          label={t('ecosystem:filters.country')}
          placeholder={t('ecosystem:filters.any')}
          data={countryOptions}
          value={filter.country ?? null}
          onChange={(v) => update({ country: v ?? undefined })}
          searchable
          clearable
        />
        <Select
          label={t('ecosystem:filters.currency')}
          placeholder={t('ecosystem:filters.any')}
          data={[...CURRENCY_CODES]}
          value={filter.currency ?? null}
          onChange={(v) => update({ currency: v ?? undefined })}
          searchable
          clearable
        />
        <Select
          label={t('ecosystem:filters.network')}
          placeholder={t('ecosystem:filters.any')}
          data={DIRECTORY_NETWORKS.map((n) => ({ value: n, label: t(`ecosystem:networks.${n}`) }))}
          value={filter.network ?? null}
          onChange={(v) => update({ network: v ?? undefined })}
          clearable
        />
      </SimpleGrid>
    </Paper>
  );
}
