import { Group, Select, type StyleProp } from '@mantine/core';
import { CASE_STATUSES } from '@portal/domain';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from './search-input.tsx';
import type { ListParamsUpdate } from './url-list-state.ts';

type Width = StyleProp<string | number>;

/** A filter's choices: "any" (no filter, the empty value), then each value by its translated name. */
export const withAnyOption = (t: TFunction, list: readonly string[], prefix: string) => [
  { value: '', label: t('messages:filters.any') },
  ...list.map((v) => ({ value: v, label: t(`${prefix}.${v}`) })),
];

/** The case status filter of the message lists; choosing "any" removes it from the URL. */
export function CaseStatusFilter({
  value,
  onChange,
  w,
}: {
  value: string | undefined;
  onChange: (next: ListParamsUpdate) => void;
  w: Width;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('messages:filters.status')}
      data={withAnyOption(t, CASE_STATUSES, 'messages:statuses')}
      value={value ?? ''}
      onChange={(v) => onChange({ status: v || undefined })}
      allowDeselect={false}
      w={w}
    />
  );
}

/**
 * Sort field and direction of a list kept in the URL (`sort`, `order`); the defaults, newest
 * `created` first, are left out of the URL. `visibleLabels` off names them for screen readers only.
 */
export function SortSelects({
  fields,
  labelPrefix,
  sort,
  order,
  onChange,
  visibleLabels,
  w,
}: {
  fields: readonly string[];
  labelPrefix: string;
  sort: string;
  order: 'asc' | 'desc';
  onChange: (next: ListParamsUpdate) => void;
  visibleLabels: boolean;
  w: Width;
}) {
  const { t } = useTranslation();
  const name = (key: string) => (visibleLabels ? { label: t(key) } : { 'aria-label': t(key) });
  return (
    <>
      <Select
        {...name('messages:filters.sort')}
        data={fields.map((s) => ({ value: s, label: t(`${labelPrefix}.${s}`) }))}
        value={sort}
        onChange={(v) => onChange({ sort: v && v !== 'created' ? v : undefined })}
        allowDeselect={false}
        w={w}
      />
      <Select
        {...name('messages:filters.order')}
        data={[
          { value: 'desc', label: t('messages:filters.desc') },
          { value: 'asc', label: t('messages:filters.asc') },
        ]}
        value={order}
        onChange={(v) => onChange({ order: v === 'asc' ? 'asc' : undefined })}
        allowDeselect={false}
        w={w}
      />
    </>
  );
}

/** The filter row of a case list: the text search and the status first, then the list's own filters. */
export function CaseListFilters({
  search,
  onSearch,
  status,
  onChange,
  statusWidth,
  children,
}: {
  search: string;
  onSearch: (text: string) => void;
  status: string | undefined;
  onChange: (next: ListParamsUpdate) => void;
  statusWidth: Width;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <SearchInput
        label={t('messages:filters.search')}
        value={search}
        onSearch={onSearch}
        w={{ base: '100%', sm: 300 }}
      />
      <CaseStatusFilter value={status} onChange={onChange} w={statusWidth} />
      {children}
    </Group>
  );
}
