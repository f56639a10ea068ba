import { apiRoutes, type RouteBody, type RouteResponse } from '@portal/domain';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import { invalidateMoney, moneyKey, useCompanyId } from '../../shared/freshness/index.ts';
import type { ServerWorkMode } from './model.ts';

/**
 * Payments area calls (spec §7 "Payments") over the route table: a query-key factory and one
 * mutation hook per action, each invalidating only its own keys (STYLE.md).
 */

export type ListFilters = RouteBody<typeof apiRoutes.listPayments>;
export type PaymentView = RouteResponse<typeof apiRoutes.listPayments>['payments'][number];
export type PaymentMethodOption = RouteResponse<
  typeof apiRoutes.paymentMethods
>['merchant_payment_methods'][number];
export type PaymentHistory = RouteResponse<typeof apiRoutes.getPayment>['history'];
export type PaymentDetails = RouteBody<typeof apiRoutes.createPayout>['payment_details'];
export type Confirmation = RouteResponse<typeof apiRoutes.payoutChallenge>['confirmation'];

/** Payments, their sums and details move with money: company-scoped money keys (shared/freshness). */
export const paymentQueries = {
  all: (companyId: string | null) => moneyKey(companyId, 'payments'),
  lists: (companyId: string | null) => [...paymentQueries.all(companyId), 'list'] as const,
  list: (
    companyId: string | null,
    workMode: ServerWorkMode,
    filters: ListFilters,
    page: number,
    rows: number,
  ) => [...paymentQueries.lists(companyId), workMode, filters, page, rows] as const,
  balances: (companyId: string | null, filters: ListFilters) =>
    [...paymentQueries.all(companyId), 'balances', filters] as const,
  detail: (companyId: string | null, id: string) => [...paymentQueries.all(companyId), 'detail', id] as const,
  methods: (merchantId: string, currency: string) => ['payments', 'methods', merchantId, currency] as const,
  copy: (id: string) => ['payments', 'copy', id] as const,
};

export function usePaymentsList(
  workMode: ServerWorkMode,
  filters: ListFilters,
  page: number,
  rows: number,
  enabled = true,
) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.listPayments,
    { params: { workMode, page, rows }, body: filters },
    {
      queryKey: paymentQueries.list(companyId, workMode, filters, page, rows),
      placeholderData: keepPreviousData,
      enabled: enabled && companyId !== null,
    },
  );
}

export function usePaymentBalances(filters: ListFilters) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.paymentBalances,
    { body: filters },
    { queryKey: paymentQueries.balances(companyId, filters), enabled: companyId !== null },
  );
}

export function usePaymentDetail(id: string | null) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.getPayment,
    { params: { id: id ?? '' } },
    { queryKey: paymentQueries.detail(companyId, id ?? ''), enabled: id !== null && companyId !== null },
  );
}

/** The caller's profile (current company id for company-scoped paths). */
export const useCurrentMerchantId = useCompanyId;

export function usePaymentMethods(currency = 'all') {
  const merchantId = useCurrentMerchantId();
  return useApiQuery(
    apiRoutes.paymentMethods,
    { params: { direction: 'payout', merchantId: merchantId ?? '', currency } },
    {
      queryKey: paymentQueries.methods(merchantId ?? '', currency),
      enabled: merchantId !== null,
      staleTime: 5 * 60_000,
    },
  );
}

export function useDataForCopy(id: string | null) {
  return useApiQuery(
    apiRoutes.dataForCopy,
    { params: { id: id ?? '' } },
    { queryKey: paymentQueries.copy(id ?? ''), enabled: id !== null, staleTime: Number.POSITIVE_INFINITY },
  );
}

/**
 * After an action on a payment: money moved (or may have), so every money figure of the company
 * refreshes — lists, sums, details, dashboard widgets, wallet balances (the freshness rule).
 */
function useInvalidatePayment() {
  const client = useQueryClient();
  const companyId = useCompanyId();
  return (_id: string | undefined) => {
    void invalidateMoney(client, { companyId });
  };
}

const settledFor = (invalidate: (id: string | undefined) => void) => ({
  onSettled: (_d: unknown, _e: unknown, v: { params?: { id: string } }) => invalidate(v.params?.id),
});

/** The approval confirmation (items and totals) for the payments about to be approved. */
export const useApprovalChallenge = () => useApiMutation(apiRoutes.approvalChallenge);

export const useApprovePayment = () =>
  useApiMutation(apiRoutes.approvePayment, settledFor(useInvalidatePayment()));
export const useCancelPayment = () =>
  useApiMutation(apiRoutes.cancelPayment, settledFor(useInvalidatePayment()));
export const useRefundPayment = () =>
  useApiMutation(apiRoutes.refundPayment, settledFor(useInvalidatePayment()));
export const useRecallPayment = () =>
  useApiMutation(apiRoutes.recallPayment, settledFor(useInvalidatePayment()));
export const useDisputePayment = () =>
  useApiMutation(apiRoutes.disputePayment, settledFor(useInvalidatePayment()));

export function useMassAction() {
  const invalidate = useInvalidatePayment();
  return useApiMutation(apiRoutes.massAction, { onSettled: () => invalidate(undefined) });
}

export const usePayoutChallenge = () => useApiMutation(apiRoutes.payoutChallenge, { notify: false });

export function useCreatePayout() {
  const invalidate = useInvalidatePayment();
  return useApiMutation(apiRoutes.createPayout, { notify: false, onSuccess: () => invalidate(undefined) });
}
