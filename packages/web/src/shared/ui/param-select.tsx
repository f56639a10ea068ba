import { type ComboboxData, Select } from '@mantine/core';

/** The URL state of a list page (see `useListParams`). */
interface ListParams {
  params: URLSearchParams;
  set: (key: string, value: string | null | undefined) => void;
}

/** A clearable filter of a list page bound to one URL parameter (`name`): it shows and sets it. */
export function ParamSelect({
  name,
  list,
  label,
  data,
  w,
  testId,
}: {
  name: string;
  list: ListParams;
  label: string;
  data: ComboboxData;
  w: number;
  testId?: string;
}) {
  return (
    <Select
      label={label}
      clearable
      data={data}
      value={list.params.get(name)}
      onChange={(v) => list.set(name, v)}
      w={w}
      data-testid={testId}
    />
  );
}
