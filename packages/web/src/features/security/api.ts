import {
  apiRoutes,
  type RouteResponse,
  type SecurityActionResult,
  type SecurityActionType,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';

export type SecurityRecord = RouteResponse<typeof apiRoutes.securityHistory>['records'][number];

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryFilters {
  page: number;
  actionType: SecurityActionType | null;
  actionResult: SecurityActionResult | null;
  dateFrom: string | null;
  dateTo: string | null;
}

export const securityKeys = {
  history: () => ['security', 'history'] as const,
  historyList: (filters: HistoryFilters) => ['security', 'history', filters] as const,
};

export function useSecurityHistory(filters: HistoryFilters) {
  return useApiQuery(
    apiRoutes.securityHistory,
    {
      params: { page: filters.page, rows: HISTORY_PAGE_SIZE },
      body: {
        action_type: filters.actionType,
        action_result: filters.actionResult,
        date_from: filters.dateFrom,
        date_to: filters.dateTo,
      },
    },
    { queryKey: securityKeys.historyList(filters), placeholderData: (previous) => previous },
  );
}

/** Email and password changes also change the profile (email_confirmed) and the history. */
function useInvalidateIdentity() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['users', 'me'] }),
      queryClient.invalidateQueries({ queryKey: securityKeys.history() }),
    ]);
}

export function useChangePassword() {
  return useApiMutation(apiRoutes.changePassword, { notify: { titleKey: 'security:password.failed' } });
}

export function useChangeEmail() {
  const invalidate = useInvalidateIdentity();
  return useApiMutation(apiRoutes.changeEmail, {
    notify: { titleKey: 'security:email.failed' },
    onSuccess: invalidate,
  });
}

export function useResendEmailConfirmation() {
  return useApiMutation(apiRoutes.resendEmailConfirmation);
}
