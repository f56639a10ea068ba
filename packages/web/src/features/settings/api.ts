import { apiRoutes } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../shared/api/index.ts';

/** Notification parameters the user settings page offers (spec §3 `notification_params`; docs/decisions.md). */
export const NOTIFICATION_PARAMS = [
  'email_payment_created',
  'email_payment_settled',
  'email_payment_declined',
  'email_new_message',
  'email_system_notice',
] as const;
export type NotificationParam = (typeof NOTIFICATION_PARAMS)[number];

export const settingsKeys = { profile: () => ['users', 'me'] as const };

export function useChangeSettings() {
  const queryClient = useQueryClient();
  return useApiMutation(apiRoutes.changeSettings, {
    notify: { titleKey: 'settings:user.failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.profile() }),
  });
}
