import { apiRoutes } from '@portal/domain';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiQuery } from '../api/hooks.ts';
import { useSession } from '../session/use-session.ts';

/**
 * Freshness rule (STYLE.md "A browser feature", issue 19), written once for every feature:
 *
 * 1. A query whose answer depends on money (balances, payments, statements, widgets, FX, virtual
 *    accounts …) has a key made by {@link moneyKey}: `['money', companyId, area, …parts]`, with
 *    `walletPart(id)` among the parts when it is about one wallet. A company switch therefore
 *    never shows the other company's figures.
 * 2. Every mutation that moves money is made with `onSettled: invalidateMoneyOn(...)` or through
 *    {@link useInvalidateMoney}, and every server push event calls {@link invalidateMoney}: all
 *    money keys of the company (or only those of the given wallets plus the company-wide ones)
 *    are invalidated, so what is on screen refetches at once and what is not refetches on mount.
 */

export const MONEY = 'money' as const;

/** Key part naming one wallet (number id or uuid) inside a money key. */
export const walletPart = (id: string | number) => ({ wallet: String(id) }) as const;

/** `['money', companyId, area, ...parts]`: the key of any query whose answer moves with money. */
export const moneyKey = (companyId: string | null, area: string, ...parts: readonly unknown[]): QueryKey => [
  MONEY,
  companyId ?? '',
  area,
  ...parts,
];

/** Available balances per currency (dashboard widget, pay-in/pay-out balance): one key, one request. */
export const availableBalancesKey = (companyId: string | null) => moneyKey(companyId, 'wallets', 'available');

/** What changed: a company (null = the current one, whatever it is) and, when known, wallets. */
export interface MoneyChange {
  companyId?: string | null;
  walletIds?: readonly (string | number)[];
}

const walletOf = (key: QueryKey): string | null => {
  for (const part of key)
    if (typeof part === 'object' && part !== null && 'wallet' in part)
      return String((part as { wallet: unknown }).wallet);
  return null;
};

/** Whether a query key is touched by a change (exported for the tests of the rule). */
export function isTouchedBy(key: QueryKey, change: MoneyChange = {}): boolean {
  if (key[0] !== MONEY) return false;
  if (change.companyId && key[1] !== change.companyId) return false;
  if (!change.walletIds || change.walletIds.length === 0) return true;
  const wallet = walletOf(key);
  // Company-wide figures (totals, lists over all wallets) move with any wallet of the company.
  return wallet === null || change.walletIds.map(String).includes(wallet);
}

/** Invalidates every money query the change touches; active ones refetch now. */
export function invalidateMoney(client: QueryClient, change: MoneyChange = {}): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => isTouchedBy(query.queryKey, change) });
}

/** The hook form of {@link invalidateMoney}, for mutations and push handlers. */
export function useInvalidateMoney(): (change?: MoneyChange) => Promise<void> {
  const client = useQueryClient();
  return useCallback((change: MoneyChange = {}) => invalidateMoney(client, change), [client]);
}

/**
 * Mutation options of a money-moving action: after it settles (success or failure: a failure may
 * still have moved something, e.g. a timeout), the company's money keys are invalidated.
 */
export function useMoneyMutationOptions(change: MoneyChange = {}) {
  const invalidate = useInvalidateMoney();
  const { companyId, walletIds } = change;
  return {
    onSettled: () => invalidate({ companyId, walletIds }),
  };
}

/**
 * Event kinds of the notification stream (`/api/notifications/stream`) that mean money moved. The
 * stream hook invalidates the money keys on each; an area whose server pushes a new kind that moves
 * money (a settlement, an FX deal, an on-chain credit) adds it here.
 */
export const MONEY_EVENT_KINDS: readonly string[] = [
  'payment',
  'balance',
  'settlement',
  'fx',
  'virtual_account',
  'onchain',
];

/** Same key as the users area's profile query (`userKeys.me`), so it is one request. */
export const profileKey = (userId: string | null) => ['users', 'me', userId] as const;

/**
 * The signed-in user's profile, quietly (no error toast) and cached for a minute: the company the
 * session acts for and its service type are read from it.
 */
export function useMyProfile() {
  const session = useSession();
  return useApiQuery(
    apiRoutes.userProfile,
    { params: { id: 'me' } },
    {
      queryKey: profileKey(session.userId),
      enabled: session.isLoggedIn && !session.isBoarding,
      staleTime: 60_000,
      notify: false,
    },
  );
}

/** The company the portal session acts for (current merchant); null while unknown. */
export function useCompanyId(): string | null {
  const me = useMyProfile();
  return me.data?.user.current_merchant?.id ?? me.data?.user.current_company?.id ?? null;
}
