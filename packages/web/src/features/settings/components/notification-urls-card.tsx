import { SimpleGrid, TextInput } from '@mantine/core';
import {
  type CompanySettings,
  checkTargetUrl,
  NOTIFICATION_URL_KINDS,
  type NotificationUrlKind,
  POSTBACK_URL_MAX_LENGTH,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, notifySuccess } from '../../../shared/api/index.ts';
import { useUpdateCompanyNotifications } from '../company-api.ts';
import { SaveRow, SettingsCard } from './settings-card.tsx';

type Draft = Record<NotificationUrlKind, string> & { chat_webhook_url: string; team_email: string };

const draftOf = (s: CompanySettings): Draft => ({
  ...(Object.fromEntries(NOTIFICATION_URL_KINDS.map((k) => [k, s.notification_urls[k] ?? ''])) as Record<
    NotificationUrlKind,
    string
  >),
  chat_webhook_url: s.messengers.chat_webhook_url,
  team_email: s.messengers.team_email,
});

/** Notification message URLs (spec §2) and the company's messengers: a chat webhook and a team mailbox. */
export function NotificationUrlsCard({
  merchantId,
  settings,
}: {
  merchantId: string;
  settings: CompanySettings;
}) {
  const { t } = useTranslation();
  const save = useUpdateCompanyNotifications(merchantId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(draftOf(settings)), [settings]);

  const opts = { allowInsecure: settings.allow_insecure_urls };
  const problem = (value: string, field: string) => {
    const code = (value ? checkTargetUrl(value, opts) : null) ?? fields[field];
    return code ? t(`errors:${code}`, { max: POSTBACK_URL_MAX_LENGTH }) : null;
  };

  const onSave = () => {
    setError(null);
    setFields({});
    save.mutate(
      {
        params: { id: merchantId },
        body: {
          notification_urls: Object.fromEntries(NOTIFICATION_URL_KINDS.map((k) => [k, draft[k]])),
          messengers: { chat_webhook_url: draft.chat_webhook_url, team_email: draft.team_email },
        },
      },
      {
        onSuccess: () => notifySuccess(t('settings:company.notifications.saved')),
        onError: (e) => {
          if (e instanceof ApiError) setFields(e.fields);
          setError(errorMessage(e, t));
        },
      },
    );
  };

  const input = (key: keyof Draft, label: string, field: string, isUrl = true) => (
    <TextInput
      key={key}
      label={label}
      placeholder={isUrl ? 'https://example.com/…' : 'team@example.com'}
      value={draft[key]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setDraft((d) => ({ ...d, [key]: value }));
      }}
      error={
        isUrl
          ? problem(draft[key], field)
          : fields[field]
            ? t('settings:company.notifications.badEmail')
            : null
      }
      data-testid={`notification-${key}`}
    />
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <SettingsCard
        title={t('settings:notificationUrls')}
        description={t('settings:company.notifications.urlsHint')}
      >
        {NOTIFICATION_URL_KINDS.map((k) =>
          input(k, t(`settings:company.notifications.kinds.${k}`), `notification_urls.${k}`),
        )}
      </SettingsCard>
      <SettingsCard
        title={t('settings:messengers')}
        description={t('settings:company.notifications.messengersHint')}
      >
        {input(
          'chat_webhook_url',
          t('settings:company.notifications.chatWebhook'),
          'messengers.chat_webhook_url',
        )}
        {input('team_email', t('settings:company.notifications.teamEmail'), 'messengers.team_email', false)}
        <SaveRow error={error} onSave={onSave} isSaving={save.isPending} testId="notifications-save" />
      </SettingsCard>
    </SimpleGrid>
  );
}
