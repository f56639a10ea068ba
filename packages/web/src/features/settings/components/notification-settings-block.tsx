import { NumberInput, Select, Switch, Text } from '@mantine/core';
import {
  STATEMENT_FREQUENCIES,
  type StatementFrequency,
  type UserNotificationSettings,
} from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from './settings-card.tsx';

/** The user's reminders, statement mails, security events and channels (spec §3 notification_params, §9). */
export function NotificationSettingsBlock({
  value,
  onChange,
}: {
  value: UserNotificationSettings;
  onChange: (next: UserNotificationSettings) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<UserNotificationSettings>) => onChange({ ...value, ...patch });
  return (
    <SettingsCard
      title={t('settings:user.reminders.title')}
      description={t('settings:user.reminders.description')}
    >
      <Switch
        label={t('settings:user.reminders.newPayments')}
        checked={value.new_payments}
        onChange={(e) => set({ new_payments: e.currentTarget.checked })}
        data-testid="notify-new-payments"
      />
      <NumberInput
        label={t('settings:user.reminders.unapprovedDelay')}
        description={t('settings:user.reminders.unapprovedDelayHint')}
        min={0}
        max={168}
        allowDecimal={false}
        value={value.unapproved_delay_hours}
        onChange={(v) => set({ unapproved_delay_hours: Math.max(0, Math.min(168, Number(v) || 0)) })}
        data-testid="notify-unapproved-delay"
      />
      <Select
        label={t('settings:user.reminders.statementFrequency')}
        data={STATEMENT_FREQUENCIES.map((f) => ({
          value: f,
          label: t(`settings:user.reminders.frequencies.${f}`),
        }))}
        value={value.statement_frequency}
        onChange={(v) => v && set({ statement_frequency: v as StatementFrequency })}
        allowDeselect={false}
        data-testid="notify-statement-frequency"
      />
      <Switch
        label={t('settings:user.reminders.securityEvents')}
        checked={value.security_events}
        onChange={(e) => set({ security_events: e.currentTarget.checked })}
      />
      <Text size="sm" fw={500}>
        {t('settings:user.reminders.channels')}
      </Text>
      <Switch
        label={t('settings:user.reminders.channelEmail')}
        checked={value.channel_email}
        onChange={(e) => set({ channel_email: e.currentTarget.checked })}
      />
      <Switch
        label={t('settings:user.reminders.channelChat')}
        description={t('settings:user.reminders.channelChatHint')}
        checked={value.channel_chat}
        onChange={(e) => set({ channel_chat: e.currentTarget.checked })}
      />
    </SettingsCard>
  );
}
