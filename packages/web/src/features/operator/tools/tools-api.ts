import { apiRoutes, type RouteResponse } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { platformQueryKey, useApiMutation, useApiQuery } from '../../../shared/api/index.ts';

/** Query keys of the operator tools (issue 18). */
export const toolKeys = {
  all: ['operator-tools'] as const,
  companies: ['operator-tools', 'companies'] as const,
  wallets: (merchantId: string) => ['operator-tools', 'wallets', merchantId] as const,
  invitations: (merchantId: string) => ['operator-tools', 'invitations', merchantId] as const,
};

export type ToolWallet = RouteResponse<typeof apiRoutes.opToolWallets>['wallets'][number];
export type ToolInvitation = RouteResponse<typeof apiRoutes.listInvitations>['invitations'][number];

export const useToolCompanies = () =>
  useApiQuery(apiRoutes.opToolCompanies, {}, { queryKey: toolKeys.companies });

export const useToolWallets = (merchantId: string | null) =>
  useApiQuery(
    apiRoutes.opToolWallets,
    { params: { merchantId: merchantId ?? '' } },
    { queryKey: toolKeys.wallets(merchantId ?? ''), enabled: !!merchantId },
  );

export const useToolInvitations = (merchantId: string | null) =>
  useApiQuery(
    apiRoutes.listInvitations,
    { params: { page: 1, rows: 20 }, body: { status: 'invited', merchant_id: merchantId ?? undefined } },
    { queryKey: toolKeys.invitations(merchantId ?? ''), enabled: !!merchantId },
  );

function useToolMutation<R extends (typeof apiRoutes)[keyof typeof apiRoutes]>(route: R) {
  const client = useQueryClient();
  return useApiMutation(route, {
    onSuccess: () => void client.invalidateQueries({ queryKey: toolKeys.all }),
  });
}

export const useSetWalletStatus = () => useToolMutation(apiRoutes.opToolWalletStatus);
export const useAddMembership = () => useToolMutation(apiRoutes.opToolAddMembership);
export const useResendInvitation = () => useToolMutation(apiRoutes.resendInvitation);

/** Maintenance changes refresh the platform state every screen reads (banner, login). */
function useMaintenanceMutation<R extends (typeof apiRoutes)[keyof typeof apiRoutes]>(route: R) {
  const client = useQueryClient();
  return useApiMutation(route, {
    onSuccess: () => void client.invalidateQueries({ queryKey: platformQueryKey }),
  });
}

export const usePlanMaintenance = () => useMaintenanceMutation(apiRoutes.planMaintenance);
export const useStartMaintenance = () => useMaintenanceMutation(apiRoutes.startMaintenance);
export const useEndMaintenance = () => useMaintenanceMutation(apiRoutes.endMaintenance);
