import {
  checkListFilter,
  WALLET_FILTER_PARAMS,
  WALLET_SORT_PARAMS,
  type WalletFilterParam,
  type WalletSortParam,
} from '@portal/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { WalletListBody } from '../api.ts';

export const STATUS_FILTERS = ['all', 'active', 'disabled', 'closed'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
const STATUS_CODE = { active: 1, disabled: 2, closed: 0 } as const;

export interface ListState {
  q: string;
  by: WalletFilterParam;
  status: StatusFilter;
  sort: WalletSortParam;
  order: 'asc' | 'desc';
  page: number;
}

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((v) => v === value) ?? fallback;

/** Filters, sort and page of the account list live in the URL (bookmarkable, shareable). */
export function useListUrlState() {
  const [search, setSearch] = useSearchParams();
  const state = useMemo<ListState>(() => {
    const page = Number(search.get('page'));
    return {
      q: search.get('q') ?? '',
      by: pick(WALLET_FILTER_PARAMS, search.get('by'), 'ui_name'),
      status: pick(STATUS_FILTERS, search.get('status'), 'all'),
      sort: pick(WALLET_SORT_PARAMS, search.get('sort'), 'created'),
      order: search.get('order') === 'desc' ? 'desc' : 'asc',
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  }, [search]);

  const update = useCallback(
    (changes: Partial<ListState>) => {
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            const isDefault =
              value === '' ||
              (key === 'page' && value === 1) ||
              (key === 'status' && value === 'all') ||
              (key === 'by' && value === 'ui_name') ||
              (key === 'sort' && value === 'created') ||
              (key === 'order' && value === 'asc');
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  return { state, update };
}

/** Request body of the list call; the filter value goes through the domain's spec §5 rules. */
export function listBody(state: ListState): {
  body: WalletListBody;
  filterError: boolean;
  forcePageOne: boolean;
} {
  const body: WalletListBody = {
    sort_param: state.sort,
    sort_order: state.order,
    ...(state.status === 'all' ? {} : { wallet_status: STATUS_CODE[state.status] }),
  };
  if (state.q.trim() === '') return { body, filterError: false, forcePageOne: false };
  const check = checkListFilter(state.by, state.q);
  if (!check.ok) return { body, filterError: true, forcePageOne: false };
  return {
    body: { ...body, filter_param: state.by, filter_value: check.value },
    filterError: false,
    forcePageOne: check.forcePageOne,
  };
}
