import { apiRoutes, CURRENCIES, type RouteBody, type RouteResponse, WALLET_STATUS } from '@portal/domain';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import { moneyKey, useCompanyId } from '../../shared/freshness/index.ts';

/** Pay-in terminal calls over the route table (issue 14). */
export type PaymentRequest = RouteResponse<typeof apiRoutes.paymentRequestGet>['payment_request'];
export type PaymentRequestPayin = RouteResponse<typeof apiRoutes.paymentRequestGet>['payins'][number];
export type PaymentRequestFilter = RouteBody<typeof apiRoutes.paymentRequestList>;
export type PaymentRequestInput = RouteBody<typeof apiRoutes.paymentRequestCreate>;
export type HostedPayment = RouteResponse<typeof apiRoutes.hostedPaymentGet>['payment'];

export const paymentRequestKeys = {
  all: (companyId: string | null) => moneyKey(companyId, 'payment-requests'),
  list: (companyId: string | null, filter: PaymentRequestFilter, page: number, rows: number) =>
    [...paymentRequestKeys.all(companyId), 'list', filter, page, rows] as const,
  one: (companyId: string | null, id: string) => [...paymentRequestKeys.all(companyId), 'one', id] as const,
  candidates: (companyId: string | null, id: string) =>
    [...paymentRequestKeys.all(companyId), 'candidates', id] as const,
  hosted: (token: string) => ['payment-requests', 'hosted', token] as const,
};

export function usePaymentRequests(filter: PaymentRequestFilter, page: number, rows: number) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.paymentRequestList,
    { params: { page, rows }, body: filter },
    {
      queryKey: paymentRequestKeys.list(companyId, filter, page, rows),
      placeholderData: keepPreviousData,
      enabled: companyId !== null,
      refetchInterval: 10_000,
    },
  );
}

export function usePaymentRequest(id: string | null) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.paymentRequestGet,
    { params: { id: id ?? '' } },
    { queryKey: paymentRequestKeys.one(companyId, id ?? ''), enabled: !!id, refetchInterval: 5_000 },
  );
}

export function usePayinCandidates(id: string, enabled: boolean) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.paymentRequestCandidates,
    { params: { id } },
    { queryKey: paymentRequestKeys.candidates(companyId, id), enabled },
  );
}

function useInvalidate() {
  const client = useQueryClient();
  const companyId = useCompanyId();
  return () => client.invalidateQueries({ queryKey: paymentRequestKeys.all(companyId) });
}

export function useCreatePaymentRequest() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.paymentRequestCreate, { onSuccess: () => invalidate() });
}

const actionRoutes = {
  paymentRequestCancel: apiRoutes.paymentRequestCancel,
  paymentRequestRefund: apiRoutes.paymentRequestRefund,
  paymentRequestSendEmail: apiRoutes.paymentRequestSendEmail,
  paymentRequestMatch: apiRoutes.paymentRequestMatch,
};

export function usePaymentRequestAction(action: keyof typeof actionRoutes) {
  const invalidate = useInvalidate();
  return useApiMutation(actionRoutes[action], { onSuccess: () => invalidate() });
}

export function useHostedPayment(token: string) {
  return useApiQuery(
    apiRoutes.hostedPaymentGet,
    { params: { token } },
    { queryKey: paymentRequestKeys.hosted(token), retry: false, refetchInterval: 5_000 },
  );
}

export function useSimulatePay(token: string) {
  const client = useQueryClient();
  return useApiMutation(apiRoutes.hostedPaymentSimulate, {
    onSuccess: (answer) => client.setQueryData(paymentRequestKeys.hosted(token), answer),
  });
}

/** Active VAs of the company able to receive the currency (a request may collect on one). */
export function useRequestVirtualAccounts(currency: string, enabled: boolean) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.paymentRequestVirtualAccounts,
    { query: { currency } },
    { queryKey: [...paymentRequestKeys.all(companyId), 'virtual-accounts', currency], enabled },
  );
}

const isFiat = (code: string) => CURRENCIES[code as keyof typeof CURRENCIES]?.kind === 'fiat';

/**
 * The currencies a request can be collected in: those the company's active accounts hold (the
 * server refuses any other with "no active {currency} account"), fiat only, in display order.
 */
export function useCollectCurrencies(enabled: boolean): string[] | undefined {
  const companyId = useCompanyId();
  const wallets = useApiQuery(
    apiRoutes.walletsList,
    {
      params: { page: 1, rows: 100 },
      body: {
        wallet_status: WALLET_STATUS.active,
        with_subaccounts: true,
        sort_param: 'created',
        sort_order: 'asc',
      },
    },
    {
      queryKey: [...paymentRequestKeys.all(companyId), 'collect-currencies'],
      enabled: enabled && companyId !== null,
    },
  );
  return useMemo(() => {
    if (!wallets.data) return undefined;
    const codes = new Set(wallets.data.wallets.flatMap((w) => w.balances.map((b) => b.currency)));
    return [...codes].filter(isFiat).sort();
  }, [wallets.data]);
}
