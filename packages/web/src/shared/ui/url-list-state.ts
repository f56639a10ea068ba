import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Changes to a list's URL: a value sets its parameter, `undefined` or '' removes it. */
export type ListParamsUpdate = Record<string, string | undefined>;

/**
 * A list screen whose filters, page and text search live in the URL, so a reload or a shared link
 * shows the same rows. Any change other than the page itself goes back to page 1; the search box
 * writes `q` to the URL only once the user has stopped typing for 300 ms.
 */
export function useUrlListState({ onUpdate }: { onUpdate?: () => void } = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const update = (next: ListParamsUpdate) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) v ? merged.set(k, v) : merged.delete(k);
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true });
    onUpdate?.();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL.
  useEffect(() => {
    if (debounced !== (params.get('q') ?? '')) update({ q: debounced || undefined });
  }, [debounced]);
  return {
    params,
    page,
    update,
    /** The applied text filter (the URL's), not what is still being typed. */
    q: params.get('q') || undefined,
    search,
    setSearch,
    /** Goes to another page, keeping the filters. */
    setPage: (p: number) => update({ page: String(p) }),
  };
}

/** A copy of `params` with `patch` applied: a string sets its parameter, `null` removes it. */
export function patchSearchParams(params: URLSearchParams, patch: Record<string, string | null>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The URL's search parameters and a function that changes some of them, keeping the others. */
export function useSearchPatch() {
  const [search, setSearch] = useSearchParams();
  const update = (patch: Record<string, string | null>) =>
    setSearch((previous) => patchSearchParams(previous, patch));
  return [search, update] as const;
}
