import {
  DATE_FILTER_PERIODS,
  type DateFilterPeriod,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
  PAYMENT_METHOD_CODES,
  parseAmountInput,
  resolvePeriod,
} from '@portal/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { timezoneOffsetMinutes } from '../../../shared/api/index.ts';
import type { ListFilters } from '../api.ts';
import { PAGE_SIZES, SORT_PARAMS, type SortParam } from '../model.ts';

export interface PaymentFilters {
  period: DateFilterPeriod | null;
  statuses: PaymentStatus[];
  methods: PaymentMethod[];
  currencies: string[];
  direction: 'inbound' | 'outbound' | null;
  amountFrom: string;
  amountTo: string;
  counterparty: string;
  /** Pay-ins to one virtual account: number, customer id or name (virtual-accounts area). */
  virtualAccount: string;
  page: number;
  rows: number;
  sort: SortParam;
  order: 'asc' | 'desc';
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
const listOf = <T extends string>(list: readonly T[], value: string | null): T[] =>
  (value ?? '').split(',').filter((v): v is T => (list as readonly string[]).includes(v));

/** Default period of a list: the last 7 days (spec §2 periods); `period=all` lifts it. */
export const DEFAULT_PERIOD: DateFilterPeriod = 'last7Days';

/** Filters, page and sort of a payments list, kept in the URL so a list can be bookmarked (STYLE.md). */
export function usePaymentFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<PaymentFilters>(
    () => ({
      period:
        params.get('period') === 'all'
          ? null
          : (oneOf(DATE_FILTER_PERIODS, params.get('period')) ?? DEFAULT_PERIOD),
      statuses: listOf(PAYMENT_STATUSES, params.get('status')),
      methods: listOf(PAYMENT_METHOD_CODES, params.get('method')),
      currencies: (params.get('currency') ?? '').split(',').filter((c) => /^[A-Z]{3,5}$/.test(c)),
      direction: oneOf(['inbound', 'outbound'] as const, params.get('direction')),
      amountFrom: params.get('amountFrom') ?? '',
      amountTo: params.get('amountTo') ?? '',
      counterparty: params.get('q') ?? '',
      virtualAccount: params.get('va') ?? '',
      page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
      rows: Number(oneOf(PAGE_SIZES, params.get('rows')) ?? 25),
      sort: oneOf(SORT_PARAMS, params.get('sort')) ?? 'creation_date',
      order: params.get('order') === 'asc' ? 'asc' : 'desc',
    }),
    [params],
  );

  /** Changes some URL keys; any change but the page itself goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in changes) && !('payment' in changes)) next.delete('page');
          return next;
        },
        { replace: !('payment' in changes) },
      ),
    [setParams],
  );

  const reset = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);

  return { filters, update, reset, openPaymentId: params.get('payment') };
}

/** A positive amount by the domain input rule, or undefined (an unfinished filter is not sent). */
const filterAmount = (text: string): string | undefined => {
  if (text.trim() === '') return undefined;
  const parsed = parseAmountInput(text);
  return parsed.ok && !parsed.value.startsWith('-') ? parsed.value : undefined;
};

/** The list call's filter body: the period resolved in the user's time zone (domain `resolvePeriod`). */
export function toListFilters(filters: PaymentFilters, now = new Date()): ListFilters {
  const range = filters.period ? resolvePeriod(filters.period, now, timezoneOffsetMinutes()) : null;
  return {
    date_from: range?.from.toISOString(),
    date_to: range?.to.toISOString(),
    statuses: filters.statuses.length > 0 ? filters.statuses : undefined,
    methods: filters.methods.length > 0 ? filters.methods : undefined,
    currencies: filters.currencies.length > 0 ? filters.currencies : undefined,
    direction: filters.direction ?? 'any',
    amount_from: filterAmount(filters.amountFrom),
    amount_to: filterAmount(filters.amountTo),
    counterparty: filters.counterparty.trim() || undefined,
    virtual_account: filters.virtualAccount.trim() || undefined,
    sort_param: filters.sort,
    sort_order: filters.order,
  };
}

export const isBadAmountFilter = (text: string): boolean =>
  text.trim() !== '' && filterAmount(text) === undefined;
