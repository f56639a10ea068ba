import { VA_CHECK_RULE_CODES, VA_STATUSES } from '@portal/domain';
import { oneOf, useListParams } from '../../../shared/ui/list-params.ts';
import type { VaListBody } from '../api.ts';

/** The VA list's filters and page, kept in the URL, and the list request body they make. */
export function useVaListFilters() {
  const { params: search, set: setParam, page } = useListParams({ filterHistory: 'push' });
  const status = oneOf(VA_STATUSES, search.get('status'));
  const rule = oneOf(VA_CHECK_RULE_CODES, search.get('rule'));
  const level = search.get('level') ? Number(search.get('level')) : undefined;
  const iban = search.get('iban') ?? '';
  const body = {
    sort_param: 'created' as const,
    sort_order: 'desc' as const,
    ...(status ? { iban_status: status } : {}),
    ...(rule ? { iban_check_rule_code: rule } : {}),
    ...(level ? { iban_level: level } : {}),
    ...(iban ? { filter_param: 'iban_number' as const, filter_value: iban } : {}),
  } satisfies Omit<VaListBody, 'wallet_id'>;
  return { status, rule, level, iban, body, page, setParam };
}

export type VaListFilters = ReturnType<typeof useVaListFilters>;
