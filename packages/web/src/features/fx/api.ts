import { apiRoutes, RIGHT_ACTIONS, type RouteBody, type RouteResponse } from '@portal/domain';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import { invalidateMoney, moneyKey, useCompanyId } from '../../shared/freshness/index.ts';
import { useRights } from '../../shared/session/index.ts';

/** FX calls over the route table (spec §1 instant FX and currency exchange). */
export type FxPair = RouteResponse<typeof apiRoutes.fxPairs>['pairs'][number];
export type FxQuote = RouteResponse<typeof apiRoutes.fxQuote>['quote'];
export type FxQuoteRequest = RouteBody<typeof apiRoutes.fxQuote>;
export type FxExchange = RouteResponse<typeof apiRoutes.fxConfirm>['exchange'];
export type FxListFilter = RouteBody<typeof apiRoutes.fxList>;

export const fxQueries = {
  all: (companyId: string | null) => moneyKey(companyId, 'fx'),
  pairs: (companyId: string | null) => [...fxQueries.all(companyId), 'pairs'] as const,
  list: (companyId: string | null, filter: FxListFilter, page: number, rows: number) =>
    [...fxQueries.all(companyId), 'list', filter, page, rows] as const,
};

/** Whether the user may exchange at all (spec §6 right "instant FX"; booked exchanges need it too). */
export function useMayExchange(): { isLoaded: boolean; mayExchange: boolean } {
  const rights = useRights();
  return { isLoaded: rights.isLoaded, mayExchange: rights.has(RIGHT_ACTIONS.instantFx) };
}

export function useFxPairs() {
  const companyId = useCompanyId();
  // Pairs answer 403 without the right: a user without it is told why instead (issue 36).
  const { mayExchange } = useMayExchange();
  return useApiQuery(
    apiRoutes.fxPairs,
    { params: { merchantId: companyId ?? '', currency: 'all' } },
    { queryKey: fxQueries.pairs(companyId), enabled: companyId !== null && mayExchange },
  );
}

/** The live indicative rate (spread included), refreshed every 5 s while shown. */
export function useFxRate(sell: string | null, buy: string | null) {
  return useApiQuery(
    apiRoutes.fxIndicativeRate,
    { params: { sell: sell ?? '', buy: buy ?? '' } },
    {
      queryKey: ['fx', 'rate', sell, buy],
      enabled: !!sell && !!buy && sell !== buy,
      refetchInterval: 5_000,
      notify: false,
    },
  );
}

export function useBookingWindow(enabled: boolean) {
  return useApiQuery(
    apiRoutes.fxBookingWindow,
    {},
    { queryKey: ['fx', 'booking-window'], enabled, refetchInterval: 60_000 },
  );
}

export function useFxList(filter: FxListFilter, page: number, rows: number) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.fxList,
    { params: { page, rows }, body: filter },
    {
      queryKey: fxQueries.list(companyId, filter, page, rows),
      placeholderData: keepPreviousData,
      enabled: companyId !== null,
    },
  );
}

export const useFxQuote = () => useApiMutation(apiRoutes.fxQuote, { notify: false });

function useInvalidate() {
  const client = useQueryClient();
  const companyId = useCompanyId();
  return () => void invalidateMoney(client, { companyId });
}

export function useFxConfirm() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.fxConfirm, { notify: false, onSettled: invalidate });
}

export function useFxAction(action: 'reject' | 'cancel') {
  const invalidate = useInvalidate();
  return useApiMutation(action === 'reject' ? apiRoutes.fxReject : apiRoutes.fxCancel, {
    onSettled: invalidate,
  });
}

/** Approval is strong customer authentication: a challenge, then the approval with the proof. */
export function useFxApproval() {
  const invalidate = useInvalidate();
  return {
    challenge: useApiMutation(apiRoutes.fxApprovalChallenge, { notify: false }),
    approve: useApiMutation(apiRoutes.fxApprove, { onSettled: invalidate }),
  };
}
