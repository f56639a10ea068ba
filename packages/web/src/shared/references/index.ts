import { apiRoutes } from '@portal/domain';
import { useApiQuery } from '../api/index.ts';

/** Query key of one reference list (spec §7 `GET /references/values_by_code/{code}`). */
export const referenceKey = (code: string) => ['references', 'code', code] as const;

/**
 * One reference list served by the server (countries, currencies, becs_banks …). Reference data
 * changes only with a release, so it is kept for the session. Failures stay quiet: callers degrade
 * (no bank name shown) rather than block a form.
 */
export function useReferenceValues(code: string, enabled = true) {
  const query = useApiQuery(
    apiRoutes.referenceValuesByCode,
    { params: { code } },
    { queryKey: referenceKey(code), enabled, staleTime: Number.POSITIVE_INFINITY, notify: false },
  );
  return query.data?.reference_values;
}

/** Currencies with ISO 4217 names and exponents (spec §7 `GET /currencies/{param}`). */
export function useCurrencyList(kind: 'all' | 'fiat' | 'crypto' = 'all') {
  const query = useApiQuery(
    apiRoutes.currencyList,
    { params: { param: kind } },
    { queryKey: ['references', 'currencies', kind], staleTime: Number.POSITIVE_INFINITY, notify: false },
  );
  return query.data?.currencies;
}

export { CountryMultiSelect, CountrySelect, useCountryOptions } from './countries.tsx';
