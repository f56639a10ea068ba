import { apiRoutes, type PostbackDeliveryStatus, type PostbackType } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';

export const DELIVERY_LOG_PAGE_SIZE = 10;

export interface DeliveryLogFilters {
  page: number;
  status: PostbackDeliveryStatus | null;
  type: PostbackType | null;
}

/** Query keys of company settings; each carries the company it belongs to. */
export const companySettingsKeys = {
  all: (merchantId: string) => ['companySettings', merchantId] as const,
  settings: (merchantId: string) => ['companySettings', merchantId, 'settings'] as const,
  merchant: (merchantId: string) => ['companySettings', merchantId, 'merchant'] as const,
  log: (merchantId: string) => ['companySettings', merchantId, 'log'] as const,
  logPage: (merchantId: string, f: DeliveryLogFilters) => ['companySettings', merchantId, 'log', f] as const,
  attempts: (merchantId: string, eventId: string) =>
    ['companySettings', merchantId, 'log', 'attempts', eventId] as const,
};

export function useCompanySettings(merchantId: string) {
  return useApiQuery(
    apiRoutes.companySettings,
    { params: { id: merchantId } },
    { queryKey: companySettingsKeys.settings(merchantId), enabled: merchantId !== '' },
  );
}

export function useCompanyData(merchantId: string) {
  return useApiQuery(
    apiRoutes.merchantData,
    { params: { id: merchantId } },
    { queryKey: companySettingsKeys.merchant(merchantId), enabled: merchantId !== '' },
  );
}

export function useDeliveryLog(merchantId: string, f: DeliveryLogFilters) {
  return useApiQuery(
    apiRoutes.postbackLog,
    {
      params: { id: merchantId, page: f.page, rows: DELIVERY_LOG_PAGE_SIZE },
      body: { ...(f.status ? { status: f.status } : {}), ...(f.type ? { type: f.type } : {}) },
    },
    { queryKey: companySettingsKeys.logPage(merchantId, f), refetchInterval: 5_000 },
  );
}

export function useDeliveryAttempts(merchantId: string, eventId: string | null) {
  return useApiQuery(
    apiRoutes.postbackAttempts,
    { params: { id: merchantId, eventId: eventId ?? '0' } },
    { queryKey: companySettingsKeys.attempts(merchantId, eventId ?? ''), enabled: eventId !== null },
  );
}

/** Mutations of company settings: forms show field errors themselves, so no generic red toast for 417/409. */
function useSettingsMutation<R extends Parameters<typeof useApiMutation>[0]>(
  route: R,
  merchantId: string,
  invalidate: 'settings' | 'log',
) {
  const queryClient = useQueryClient();
  return useApiMutation(route, {
    notify: false,
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey:
          invalidate === 'settings'
            ? companySettingsKeys.all(merchantId)
            : companySettingsKeys.log(merchantId),
      }),
  });
}

export const useUpdateIpWhitelist = (merchantId: string) =>
  useSettingsMutation(apiRoutes.updateIpWhitelist, merchantId, 'settings');
export const useUpdatePostbackUrls = (merchantId: string) =>
  useSettingsMutation(apiRoutes.updatePostbackUrls, merchantId, 'settings');
export const useUpdateCompanyNotifications = (merchantId: string) =>
  useSettingsMutation(apiRoutes.updateCompanyNotifications, merchantId, 'settings');
export const useRotateSecret = (merchantId: string) =>
  useSettingsMutation(apiRoutes.rotatePostbackSecret, merchantId, 'settings');
export const useSendTestPostback = (merchantId: string) =>
  useSettingsMutation(apiRoutes.testPostback, merchantId, 'log');
export const useResendPostback = (merchantId: string) =>
  useSettingsMutation(apiRoutes.resendPostback, merchantId, 'log');
