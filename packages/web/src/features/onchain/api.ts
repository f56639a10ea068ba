import { apiRoutes, type RouteBody, type RouteResponse } from '@portal/domain';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import { invalidateMoney, moneyKey, useCompanyId } from '../../shared/freshness/index.ts';

/** On-chain calls over the route table (spec §1 on-chain transfers, §3 escrow blockchain deals). */
export type OnchainTransfer = RouteResponse<typeof apiRoutes.onchainGet>['transfer'];
export type OnchainQuote = RouteResponse<typeof apiRoutes.onchainQuote>['quote'];
export type CryptoWallet = RouteResponse<typeof apiRoutes.onchainWallets>['wallets'][number];
export type EscrowDeal = RouteResponse<typeof apiRoutes.escrowGet>['deal'];
export type TransferInput = RouteBody<typeof apiRoutes.onchainChallenge>;
export type DealFilter = RouteBody<typeof apiRoutes.escrowList>;
export type TransferFilter = RouteBody<typeof apiRoutes.onchainList>;

export const onchainKeys = {
  all: (companyId: string | null) => moneyKey(companyId, 'onchain'),
  wallets: (companyId: string | null) => [...onchainKeys.all(companyId), 'wallets'] as const,
  transfers: (companyId: string | null, filter: unknown, page: number) =>
    [...onchainKeys.all(companyId), 'transfers', filter, page] as const,
  deals: (companyId: string | null, filter: unknown, page: number) =>
    [...onchainKeys.all(companyId), 'deals', filter, page] as const,
};

const OPEN = new Set(['created', 'queued', 'pending']);

export function useOnchainInfo() {
  return useApiQuery(apiRoutes.onchainInfo, {}, { queryKey: ['onchain', 'info'], refetchInterval: 60_000 });
}

export function useCryptoWallets() {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.onchainWallets,
    {},
    { queryKey: onchainKeys.wallets(companyId), enabled: companyId !== null },
  );
}

/** Company wallets (for paying a transfer from EUR, GBP or USD). */
export function useFiatWallets() {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.walletsList,
    { params: { page: 1, rows: 100 }, body: { with_subaccounts: true } },
    { queryKey: [...onchainKeys.all(companyId), 'fiat-wallets'], enabled: companyId !== null },
  );
}

/** Transfers, polled every 2 s while any is still moving (confirmations count up). */
export function useTransfers(filter: TransferFilter, page: number, rows: number) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.onchainList,
    { params: { page, rows }, body: filter },
    {
      queryKey: onchainKeys.transfers(companyId, filter, page),
      placeholderData: keepPreviousData,
      enabled: companyId !== null,
      refetchInterval: (q) => (q.state.data?.transfers.some((t) => OPEN.has(t.status)) ? 2_000 : false),
    },
  );
}

export function useDeals(filter: DealFilter, page: number, rows: number) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.escrowList,
    { params: { page, rows }, body: filter },
    {
      queryKey: onchainKeys.deals(companyId, filter, page),
      placeholderData: keepPreviousData,
      enabled: companyId !== null,
      refetchInterval: 10_000,
    },
  );
}

function useInvalidate() {
  const client = useQueryClient();
  const companyId = useCompanyId();
  return () => void invalidateMoney(client, { companyId });
}

export const useQuote = () => useApiMutation(apiRoutes.onchainQuote, { notify: false });
export const useCheckAddress = () => useApiMutation(apiRoutes.onchainCheckAddress, { notify: false });
export const useTransferChallenge = () => useApiMutation(apiRoutes.onchainChallenge, { notify: false });

export function useCreateTransfer() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.onchainCreate, { notify: false, onSettled: invalidate });
}

export function useCancelTransfer() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.onchainCancel, { onSettled: invalidate });
}

/** Approval is strong customer authentication: a challenge, then the approval with the proof. */
export function useTransferApproval() {
  const invalidate = useInvalidate();
  return {
    challenge: useApiMutation(apiRoutes.onchainApprovalChallenge, { notify: false }),
    approve: useApiMutation(apiRoutes.onchainApprove, { onSettled: invalidate }),
  };
}

export function useCreateDeal() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.escrowCreate, { notify: false, onSettled: invalidate });
}

export function useMatchDeal() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.escrowMatch, { notify: false, onSettled: invalidate });
}

export const useDealChallenge = () => useApiMutation(apiRoutes.escrowConfirmChallenge, { notify: false });

export function useConfirmDeal() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.escrowConfirm, { notify: false, onSettled: invalidate });
}

export function useDeclineDeal() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.escrowDecline, { onSettled: invalidate });
}

/** Simulator (non-production): the counterparty pays an address. */
export function useSimDeposit() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.onchainSimDeposit, { onSettled: invalidate });
}
