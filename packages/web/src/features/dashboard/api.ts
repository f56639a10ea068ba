import { apiRoutes, type ChartGroupBy, type TransactionSign } from '@portal/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../shared/api/index.ts';
import { availableBalancesKey, moneyKey, useCompanyId } from '../../shared/freshness/index.ts';

/** Query keys of the dashboard: the figures are company-scoped money keys (shared/freshness). */
export const dashboardQueries = {
  widgets: () => ['dashboard', 'widgets'] as const,
  statuses: (companyId: string | null, sign: TransactionSign, days: number, groupBy: ChartGroupBy) =>
    moneyKey(companyId, 'dashboard', 'statuses', sign, days, groupBy),
  recent: (companyId: string | null, limit: number) => moneyKey(companyId, 'dashboard', 'recent', limit),
  available: availableBalancesKey,
};

export function useWidgets() {
  return useApiQuery(apiRoutes.dashboardWidgets, {}, { queryKey: dashboardQueries.widgets() });
}

export function usePaymentStatuses(
  sign: TransactionSign,
  days: number,
  groupBy: ChartGroupBy,
  enabled: boolean,
) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.paymentStatuses,
    { body: { transaction_sign: sign, days, group_by: groupBy } },
    {
      queryKey: dashboardQueries.statuses(companyId, sign, days, groupBy),
      enabled: enabled && companyId !== null,
      placeholderData: keepPreviousData,
    },
  );
}

export function useRecentPayments(limit: number, enabled: boolean) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.recentPayments,
    { query: { limit } },
    {
      queryKey: dashboardQueries.recent(companyId, limit),
      enabled: enabled && companyId !== null,
      refetchInterval: 60_000,
    },
  );
}

export function useAvailableBalances(enabled: boolean) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.walletAvailableBalances,
    {},
    {
      queryKey: dashboardQueries.available(companyId),
      enabled: enabled && companyId !== null,
      refetchInterval: 60_000,
    },
  );
}
