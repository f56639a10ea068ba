import { apiRoutes, type RouteBody, type RouteResponse, WALLET_PAGE_SIZE } from '@portal/domain';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import {
  availableBalancesKey,
  invalidateMoney,
  moneyKey,
  useCompanyId,
  walletPart,
} from '../../shared/freshness/index.ts';

export type WalletListBody = RouteBody<typeof apiRoutes.walletsList>;

/**
 * Query keys of the accounts area. Wallets, balances and daily figures move with money: they are
 * company-scoped money keys (shared/freshness), so any money mutation or push refreshes them.
 */
export const accountQueries = {
  all: (companyId: string | null) => moneyKey(companyId, 'accounts'),
  lists: (companyId: string | null) => [...accountQueries.all(companyId), 'list'] as const,
  list: (companyId: string | null, page: number, body: WalletListBody) =>
    [...accountQueries.lists(companyId), page, body] as const,
  details: (companyId: string | null) => [...accountQueries.all(companyId), 'detail'] as const,
  detail: (companyId: string | null, uuid: string) =>
    [...accountQueries.details(companyId), walletPart(uuid)] as const,
  ibans: (walletId: number, page: number) => ['accounts', 'ibans', walletId, page] as const,
  subordinates: (companyId: string | null, walletId: number) =>
    [...accountQueries.all(companyId), 'subordinates', walletPart(walletId)] as const,
  currencies: () => ['accounts', 'currencies'] as const,
  dailyByWallet: (companyId: string | null, walletId: number, days: number) =>
    [...accountQueries.all(companyId), 'daily', 'wallet', walletPart(walletId), days] as const,
  dailyByDate: (companyId: string | null, date: string, currency: string) =>
    [...accountQueries.all(companyId), 'daily', 'date', date, currency] as const,
};

export function useWalletList(page: number, body: WalletListBody, enabled = true) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.walletsList,
    { params: { page, rows: WALLET_PAGE_SIZE }, body },
    {
      queryKey: accountQueries.list(companyId, page, body),
      placeholderData: keepPreviousData,
      enabled: enabled && companyId !== null,
    },
  );
}

export function useWallet(uuid: string) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.walletGet,
    { params: { uuid } },
    { queryKey: accountQueries.detail(companyId, uuid), enabled: uuid !== '' && companyId !== null },
  );
}

export const IBANS_PAGE_SIZE = 10;

export function useWalletIbans(walletId: number | undefined, page: number) {
  return useApiQuery(
    apiRoutes.walletIbans,
    { params: { size: IBANS_PAGE_SIZE, page }, body: { wallet_id: walletId ?? 0 } },
    {
      queryKey: accountQueries.ibans(walletId ?? 0, page),
      enabled: walletId !== undefined,
      placeholderData: keepPreviousData,
    },
  );
}

export function useSubordinates(walletId: number | undefined) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.walletSubordinates,
    { params: { id: walletId ?? 0 } },
    {
      queryKey: accountQueries.subordinates(companyId, walletId ?? 0),
      enabled: walletId !== undefined && companyId !== null,
    },
  );
}

export function useAvailableCurrencies() {
  return useApiQuery(
    apiRoutes.walletAvailableCurrencies,
    {},
    { queryKey: accountQueries.currencies(), staleTime: 5 * 60_000 },
  );
}

export function useDailyBalancesByWallet(walletId: number | undefined, days: number) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.walletDailyBalances,
    { params: { id: walletId ?? 0 }, query: { days } },
    {
      queryKey: accountQueries.dailyByWallet(companyId, walletId ?? 0, days),
      enabled: walletId !== undefined && companyId !== null,
    },
  );
}

export function useDailyBalancesByDate(date: string, currency: string) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.walletsByDateCurrency,
    { body: { date, currency } },
    {
      queryKey: accountQueries.dailyByDate(companyId, date, currency),
      enabled: date !== '' && currency !== '' && companyId !== null,
    },
  );
}

/** Rename a wallet: refreshes its details and the lists it appears in. */
export function useRenameWallet(uuid: string) {
  const queryClient = useQueryClient();
  const companyId = useCompanyId();
  return useApiMutation(apiRoutes.walletChangeUiName, {
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountQueries.detail(companyId, uuid) }),
        queryClient.invalidateQueries({ queryKey: accountQueries.lists(companyId) }),
      ]);
    },
  });
}

export type TransferConfirmation = RouteResponse<typeof apiRoutes.walletTransferChallenge>['confirmation'];
export type WalletTransfer = RouteResponse<typeof apiRoutes.walletTransfer>['transfer'];

/** Every wallet and currency of the company with its available balance: the transfer form's choices. */
export function useTransferAccounts(enabled: boolean) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.walletAvailableBalances,
    {},
    { queryKey: availableBalancesKey(companyId), enabled: enabled && companyId !== null },
  );
}

/** Checks a transfer between own wallets and returns what the confirmation shows. */
export const useTransferChallenge = () =>
  useApiMutation(apiRoutes.walletTransferChallenge, { notify: false });

/** The confirmed transfer: money moved, so every money figure of the company refreshes. */
export function useWalletTransfer() {
  const client = useQueryClient();
  const companyId = useCompanyId();
  return useApiMutation(apiRoutes.walletTransfer, {
    notify: false,
    onSettled: () => void invalidateMoney(client, { companyId }),
  });
}
