import { apiRoutes, type ChartGroupBy, type TransactionSign } from '@portal/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../shared/api/index.ts';

/** Query keys of the dashboard. */
export const dashboardQueries = {
  all: ['dashboard'] as const,
  widgets: () => [...dashboardQueries.all, 'widgets'] as const,
  statuses: (sign: TransactionSign, days: number, groupBy: ChartGroupBy) =>
    [...dashboardQueries.all, 'statuses', sign, days, groupBy] as const,
  recent: (limit: number) => [...dashboardQueries.all, 'recent', limit] as const,
  available: () => [...dashboardQueries.all, 'available'] as const,
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
  return useApiQuery(
    apiRoutes.paymentStatuses,
    { body: { transaction_sign: sign, days, group_by: groupBy } },
    { queryKey: dashboardQueries.statuses(sign, days, groupBy), enabled, placeholderData: keepPreviousData },
  );
}

export function useRecentPayments(limit: number, enabled: boolean) {
  return useApiQuery(
    apiRoutes.recentPayments,
    { query: { limit } },
    { queryKey: dashboardQueries.recent(limit), enabled, refetchInterval: 60_000 },
  );
}

export function useAvailableBalances(enabled: boolean) {
  return useApiQuery(
    apiRoutes.walletAvailableBalances,
    {},
    { queryKey: dashboardQueries.available(), enabled, refetchInterval: 60_000 },
  );
}
