import { apiRoutes, type RouteBody, WALLET_PAGE_SIZE } from '@portal/domain';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';

export type WalletListBody = RouteBody<typeof apiRoutes.walletsList>;

/** Query keys of the accounts area; mutations invalidate only the keys they change. */
export const accountQueries = {
  all: ['accounts'] as const,
  lists: () => [...accountQueries.all, 'list'] as const,
  list: (page: number, body: WalletListBody) => [...accountQueries.lists(), page, body] as const,
  details: () => [...accountQueries.all, 'detail'] as const,
  detail: (uuid: string) => [...accountQueries.details(), uuid] as const,
  ibans: (walletId: number, page: number) => [...accountQueries.all, 'ibans', walletId, page] as const,
  subordinates: (walletId: number) => [...accountQueries.all, 'subordinates', walletId] as const,
  currencies: () => [...accountQueries.all, 'currencies'] as const,
  dailyByWallet: (walletId: number, days: number) =>
    [...accountQueries.all, 'daily', 'wallet', walletId, days] as const,
  dailyByDate: (date: string, currency: string) =>
    [...accountQueries.all, 'daily', 'date', date, currency] as const,
};

export function useWalletList(page: number, body: WalletListBody, enabled = true) {
  return useApiQuery(
    apiRoutes.walletsList,
    { params: { page, rows: WALLET_PAGE_SIZE }, body },
    { queryKey: accountQueries.list(page, body), placeholderData: keepPreviousData, enabled },
  );
}

export function useWallet(uuid: string) {
  return useApiQuery(
    apiRoutes.walletGet,
    { params: { uuid } },
    { queryKey: accountQueries.detail(uuid), enabled: uuid !== '' },
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
  return useApiQuery(
    apiRoutes.walletSubordinates,
    { params: { id: walletId ?? 0 } },
    { queryKey: accountQueries.subordinates(walletId ?? 0), enabled: walletId !== undefined },
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
  return useApiQuery(
    apiRoutes.walletDailyBalances,
    { params: { id: walletId ?? 0 }, query: { days } },
    { queryKey: accountQueries.dailyByWallet(walletId ?? 0, days), enabled: walletId !== undefined },
  );
}

export function useDailyBalancesByDate(date: string, currency: string) {
  return useApiQuery(
    apiRoutes.walletsByDateCurrency,
    { body: { date, currency } },
    { queryKey: accountQueries.dailyByDate(date, currency), enabled: date !== '' && currency !== '' },
  );
}

/** Rename a wallet: refreshes its details and the lists it appears in. */
export function useRenameWallet(uuid: string) {
  const queryClient = useQueryClient();
  return useApiMutation(apiRoutes.walletChangeUiName, {
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountQueries.detail(uuid) }),
        queryClient.invalidateQueries({ queryKey: accountQueries.lists() }),
      ]);
    },
  });
}
