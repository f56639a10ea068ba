import { apiRoutes } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import { useCompanyId } from '../../shared/freshness/index.ts';

/** Query keys of the company information screens, per company. */
export const companyInfoQueries = {
  contacts: (companyId: string | null) => ['companyInfo', companyId, 'contacts'] as const,
  provider: (companyId: string | null) => ['companyInfo', companyId, 'provider'] as const,
  featuresAlerts: (companyId: string | null) => ['companyInfo', companyId, 'featuresAlerts'] as const,
};

export function useCompanyContacts() {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.companyContacts,
    {},
    { queryKey: companyInfoQueries.contacts(companyId), enabled: companyId !== null },
  );
}

/** Save and delete answer with the new list; it replaces the cached one. */
export function useContactMutations() {
  const companyId = useCompanyId();
  const client = useQueryClient();
  const onSuccess = (data: unknown) => client.setQueryData(companyInfoQueries.contacts(companyId), data);
  return {
    save: useApiMutation(apiRoutes.companySaveContact, { onSuccess }),
    remove: useApiMutation(apiRoutes.companyDeleteContact, { onSuccess }),
  };
}

export function useProviderContacts() {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.providerContacts,
    {},
    { queryKey: companyInfoQueries.provider(companyId), enabled: companyId !== null },
  );
}

export function useFeaturesAlerts() {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.featuresAlerts,
    {},
    { queryKey: companyInfoQueries.featuresAlerts(companyId), enabled: companyId !== null },
  );
}
