import { useQuery } from '@tanstack/react-query';
import { useSession } from './use-session.ts';

type RightsLoader = () => Promise<readonly string[]>;
let rightsLoader: RightsLoader | null = null;

/**
 * Hook point for the users area: register how the action rights of the logged-in user are loaded
 * (spec §6 GET /frusrs/rights, names like `wallets/accGetWalletsByMerchant`). Until one is registered,
 * nothing that requires a right is shown.
 */
export function registerRightsLoader(loader: RightsLoader): void {
  rightsLoader = loader;
}

export const rightsQueryKey = (userId: string | null) => ['session', 'rights', userId] as const;

export function useRights(): { isLoaded: boolean; has: (right: string) => boolean } {
  const session = useSession();
  const query = useQuery({
    queryKey: rightsQueryKey(session.userId),
    queryFn: () => (rightsLoader ? rightsLoader() : Promise.resolve([])),
    // A boarding session has no portal rights: asking would answer 401 (issue 19).
    enabled: session.isLoggedIn && !session.isBoarding && rightsLoader !== null,
    staleTime: 5 * 60_000,
  });
  const rights = new Set(query.data ?? []);
  return { isLoaded: query.isSuccess, has: (right) => rights.has(right) };
}
