import { apiRoutes } from '@portal/domain';
import { useApiQuery } from '../../shared/api/index.ts';
import { profileKey } from '../../shared/freshness/index.ts';
import { useSession } from '../../shared/session/index.ts';

export type ServiceCode = 'AccountService' | 'MerchantService';

/**
 * The service type of the company the user acts for (spec §1, §3 current_service_code): the menu,
 * dashboard and notification scope follow it. Null while unknown or without a company.
 */
export function useServiceCode(): ServiceCode | null {
  const session = useSession();
  const me = useApiQuery(
    apiRoutes.userProfile,
    { params: { id: 'me' } },
    {
      queryKey: profileKey(session.userId),
      enabled: session.isLoggedIn && !session.isBoarding,
      staleTime: 60_000,
      notify: false,
    },
  );
  return me.data?.user.current_service_code ?? null;
}
