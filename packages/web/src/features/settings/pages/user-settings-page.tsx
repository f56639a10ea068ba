import {
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  useMantineColorScheme,
} from '@mantine/core';
import {
  canAutoApprove,
  readUserNotificationSettings,
  type UiTheme,
  type UserNotificationSettings,
} from '@portal/domain';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { findLanguage, type LanguageDef, languageGroups, setLanguage } from '../../../shared/i18n/index.ts';
import { useRights } from '../../../shared/session/index.ts';
import { Page } from '../../../shared/ui/index.ts';
import { type MyProfile, useMyProfile } from '../../users/api.ts';
import { NOTIFICATION_PARAMS, type NotificationParam, useChangeSettings } from '../api.ts';
import { NotificationSettingsBlock } from '../components/notification-settings-block.tsx';
import { SettingsCard } from '../components/settings-card.tsx';

interface Draft {
  ui_language: string;
  ui_theme: UiTheme;
  notification_params: Record<NotificationParam, boolean>;
  auto_approve_payouts: boolean;
  /** Reminders, statement mails, security events and channels (issue 9), kept in notification_params too. */
  notify: UserNotificationSettings;
}

/** The two themes with their icons, in the order the switch shows them. */
const THEME_OPTIONS = [
  ['dark', IconMoon],
  ['light', IconSun],
] as const;

const draftOf = (user: MyProfile, language: string, theme: UiTheme): Draft => ({
  // The interface shows what the user sees now; the server value is what other devices start with.
  ui_language: language,
  ui_theme: theme,
  notification_params: Object.fromEntries(
    NOTIFICATION_PARAMS.map((key) => [key, user.notification_params[key] === true]),
  ) as Record<NotificationParam, boolean>,
  auto_approve_payouts: user.auto_approve_payouts,
  notify: readUserNotificationSettings(user.notification_params),
});

/** User settings (spec §3): language, theme, notifications, MFA login prompt, auto-approve of payouts. */
const languageOption = (language: LanguageDef) => ({ value: language.code, label: language.nativeName });

export function UserSettingsPage() {
  const { t, i18n } = useTranslation();
  // Issue 36: the fully translated languages first, the others grouped under what they really change.
  const { translated, formatOnly } = languageGroups();
  const languageOptions = [
    { group: t('common:language.translated'), items: translated.map(languageOption) },
    { group: t('common:language.formatOnly'), items: formatOnly.map(languageOption) },
  ];
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const rights = useRights();
  const profile = useMyProfile();
  const save = useChangeSettings();
  const user = profile.data?.user;
  const currentTheme: UiTheme = colorScheme === 'light' ? 'light' : 'dark';
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    if (user && draft === null)
      setDraft(draftOf(user, findLanguage(i18n.language)?.code ?? 'en-gb', currentTheme));
  }, [user, draft, i18n.language, currentTheme]);

  // Spec §6: auto-approve only with approve rights.
  const mayAutoApprove = canAutoApprove({ approve: rights.has('payments/approve') });

  if (!user || !draft)
    return (
      <Page title={t('settings:user.title')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton h={220} radius="md" />
          <Skeleton h={220} radius="md" />
        </SimpleGrid>
      </Page>
    );

  const update = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const onSave = () =>
    save.mutate(
      {
        body: {
          ui_language: draft.ui_language,
          ui_theme: draft.ui_theme,
          // Other areas keep keys here too: send everything back, changed keys on top.
          notification_params: { ...user.notification_params, ...draft.notification_params, ...draft.notify },
          auto_approve_payouts: mayAutoApprove && draft.auto_approve_payouts,
        },
      },
      {
        onSuccess: async () => {
          setColorScheme(draft.ui_theme);
          await setLanguage(draft.ui_language);
          notifySuccess(t('settings:user.saved'));
        },
      },
    );

  return (
    <Page
      title={t('settings:user.title')}
      description={t('settings:user.description')}
      actions={
        <Button onClick={onSave} loading={save.isPending} data-testid="settings-save">
          {t('common:actions.save')}
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SettingsCard title={t('settings:user.appearance')}>
          <Select
            label={t('settings:user.language')}
            data={languageOptions}
            value={draft.ui_language}
            onChange={(value) => value && update({ ui_language: value })}
            searchable
            allowDeselect={false}
            data-testid="settings-language"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('settings:user.theme')}
            </Text>
            <SegmentedControl
              value={draft.ui_theme}
              onChange={(value) => update({ ui_theme: value === 'light' ? 'light' : 'dark' })}
              data={THEME_OPTIONS.map(([value, ThemeIcon]) => ({
                value,
                label: (
                  <Group gap={6} justify="center" wrap="nowrap" data-testid={`theme-${value}`}>
                    <ThemeIcon size={16} />
                    {t(`settings:user.themes.${value}`)}
                  </Group>
                ),
              }))}
            />
          </Stack>
        </SettingsCard>
        <SettingsCard title={t('settings:user.security')}>
          {/* Shown, never switchable: MFA at sign-in is mandatory (spec §6, PSD2). */}
          <Switch
            label={t('settings:user.mfaLoginPrompt')}
            description={t('settings:user.mfaLoginPromptHint')}
            checked
            disabled
            data-testid="mfa-login-prompt"
          />
          <Switch
            label={t('settings:user.autoApprove')}
            description={t(
              mayAutoApprove ? 'settings:user.autoApproveHint' : 'settings:user.autoApproveNoRight',
            )}
            checked={mayAutoApprove && draft.auto_approve_payouts}
            disabled={!mayAutoApprove}
            onChange={(event) => update({ auto_approve_payouts: event.currentTarget.checked })}
            data-testid="auto-approve"
          />
        </SettingsCard>
        <SettingsCard
          title={t('settings:user.notifications')}
          description={t('settings:user.notificationsHint')}
        >
          <Stack gap="sm">
            {NOTIFICATION_PARAMS.map((key) => (
              <Switch
                key={key}
                label={t(`settings:user.notificationParams.${key}`)}
                checked={draft.notification_params[key]}
                onChange={(event) =>
                  update({
                    notification_params: { ...draft.notification_params, [key]: event.currentTarget.checked },
                  })
                }
              />
            ))}
          </Stack>
        </SettingsCard>
        <NotificationSettingsBlock value={draft.notify} onChange={(notify) => update({ notify })} />
      </SimpleGrid>
    </Page>
  );
}
