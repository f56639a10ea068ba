import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { apiRoutes } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/index.ts';

/** Picks one client company by name (staff see every company through the merchants call). */
export function CompanyPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useApiQuery(
    apiRoutes.companyMerchants,
    { params: { page: 1, rows: 20 }, body: { merchant_name: debounced || undefined } },
    { placeholderData: (previous) => previous },
  );
  return (
    <Select
      searchable
      label={t('messages:console.companyId')}
      placeholder={t('messages:console.companySearch')}
      data={(query.data?.merchants ?? []).map((m) => ({ value: m.id, label: m.name }))}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      error={error}
      data-testid="notice-company"
      nothingFoundMessage={t('messages:notices.empty')}
    />
  );
}
