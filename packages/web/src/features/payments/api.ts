import { apiRoutes, type RouteBody, type RouteResponse } from '@portal/domain';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';
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

export const paymentQueries = {
  all: ['payments'] as const,
  lists: () => [...paymentQueries.all, 'list'] as const,
  list: (workMode: ServerWorkMode, filters: ListFilters, page: number, rows: number) =>
    [...paymentQueries.lists(), workMode, filters, page, rows] as const,
  balances: (filters: ListFilters) => [...paymentQueries.all, 'balances', filters] as const,
  detail: (id: string) => [...paymentQueries.all, 'detail', id] as const,
  methods: (merchantId: string, currency: string) =>
    [...paymentQueries.all, 'methods', merchantId, currency] as const,
  copy: (id: string) => [...paymentQueries.all, 'copy', id] as const,
};

export function usePaymentsList(workMode: ServerWorkMode, filters: ListFilters, page: number, rows: number) {
  return useApiQuery(
    apiRoutes.listPayments,
    { params: { workMode, page, rows }, body: filters },
    { queryKey: paymentQueries.list(workMode, filters, page, rows), placeholderData: keepPreviousData },
  );
}

export function usePaymentBalances(filters: ListFilters) {
  return useApiQuery(
    apiRoutes.paymentBalances,
    { body: filters },
    { queryKey: paymentQueries.balances(filters) },
  );
}

export function usePaymentDetail(id: string | null) {
  return useApiQuery(
    apiRoutes.getPayment,
    { params: { id: id ?? '' } },
    { queryKey: paymentQueries.detail(id ?? ''), enabled: id !== null },
  );
}

/** The caller's profile (current company id for company-scoped paths). */
export function useCurrentMerchantId(): string | null {
  const me = useApiQuery(apiRoutes.userProfile, { params: { id: 'me' } }, { staleTime: 5 * 60_000 });
  return me.data?.user.current_merchant?.id ?? me.data?.user.current_company?.id ?? null;
}

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

/** After an action on one payment: its detail and the lists (statuses and sums moved). */
function useInvalidatePayment() {
  const client = useQueryClient();
  return (id: string | undefined) => {
    void client.invalidateQueries({ queryKey: paymentQueries.lists() });
    void client.invalidateQueries({ queryKey: [...paymentQueries.all, 'balances'] });
    if (id) void client.invalidateQueries({ queryKey: paymentQueries.detail(id) });
  };
}

const settledFor = (invalidate: (id: string | undefined) => void) => ({
  onSettled: (_d: unknown, _e: unknown, v: { params?: { id: string } }) => invalidate(v.params?.id),
});

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
