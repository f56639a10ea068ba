import { useMyProfile } from '../../shared/freshness/index.ts';

export type ServiceCode = 'AccountService' | 'MerchantService';

/**
 * The service type of the company the user acts for (spec §1, §3 current_service_code): the menu,
 * dashboard and notification scope follow it. Null while unknown or without a company.
 */
export function useServiceCode(): ServiceCode | null {
  return useMyProfile().data?.user.current_service_code ?? null;
}
