import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type CompanySettings,
  checkTargetUrl,
  POSTBACK_TYPES,
  POSTBACK_URL_MAX_LENGTH,
  type PostbackType,
} from '@portal/domain';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useRotateSecret, useUpdatePostbackUrls } from '../company-api.ts';
import { ConfirmModal, SaveRow, SettingsCard } from './settings-card.tsx';

type Urls = Record<PostbackType, string>;
const urlsOf = (s: CompanySettings): Urls =>
  Object.fromEntries(POSTBACK_TYPES.map((type) => [type, s.postbackUrls[type] ?? ''])) as Urls;

/** The signing secret, shown once with a copy button; it is never shown again. */
function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={t('settings:company.secret.shownOnceTitle')}
      centered
      size="lg"
    >
      <Stack>
        <Alert color="yellow">{t('settings:company.secret.shownOnce')}</Alert>
        <Code block data-testid="postback-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('settings:company.secret.copied') : t('settings:company.secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="postback-secret-close">
            {t('settings:company.secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Postback URL per postback type (spec §9), https only, checked as typed and again by the server; the signing secret. */
export function PostbackUrlsCard({
  merchantId,
  settings,
}: {
  merchantId: string;
  settings: CompanySettings;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const save = useUpdatePostbackUrls(merchantId);
  const rotate = useRotateSecret(merchantId);
  const [urls, setUrls] = useState<Urls>(() => urlsOf(settings));
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  useEffect(() => setUrls(urlsOf(settings)), [settings]);
  const hasSecret = settings.secret.has_secret;

  const opts = { allowInsecure: settings.allow_insecure_urls };
  const problemOf = (type: PostbackType): string | null => {
    const local = urls[type] ? checkTargetUrl(urls[type], opts) : null;
    const code = local ?? serverFields[`postbackUrls.${type}`] ?? null;
    return code ? t(`errors:${code}`, { max: POSTBACK_URL_MAX_LENGTH }) : null;
  };
  const hasLocalProblem = POSTBACK_TYPES.some((type) => urls[type] && checkTargetUrl(urls[type], opts));

  const onSave = () => {
    setError(null);
    setServerFields({});
    save.mutate(
      { params: { id: merchantId }, body: { postbackUrls: urls } },
      {
        onSuccess: (r) => {
          notifySuccess(t('settings:company.postbacks.saved'));
          if (r.secret) setSecret(r.secret);
        },
        onError: (e) => {
          if (e instanceof ApiError) setServerFields(e.fields);
          setError(errorMessage(e, t));
        },
      },
    );
  };

  const onRotate = () =>
    rotate.mutate(
      { params: { id: merchantId } },
      {
        onSuccess: (r) => {
          setConfirmRotate(false);
          setSecret(r.secret);
        },
        onError: (e) => setError(errorMessage(e, t)),
      },
    );

  return (
    <Stack gap="lg">
      <SettingsCard
        title={t('settings:company.postbacks.title')}
        description={t('settings:company.postbacks.description')}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {POSTBACK_TYPES.map((type) => (
            <TextInput
              key={type}
              label={t(`settings:company.postbackTypes.${type}`)}
              placeholder={t('settings:company.postbacks.placeholder')}
              value={urls[type]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setUrls((u) => ({ ...u, [type]: value }));
              }}
              error={problemOf(type)}
              data-testid={`postback-url-${type}`}
            />
          ))}
        </SimpleGrid>
        <SaveRow
          error={error}
          errorTestId="postback-urls-error"
          onSave={onSave}
          isSaving={save.isPending}
          disabled={hasLocalProblem}
          testId="postback-urls-save"
        />
      </SettingsCard>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} maw={640}>
            <Group gap="xs">
              <IconKey size={18} />
              <Title order={3} fz="h4">
                {t('settings:company.secret.title')}
              </Title>
              <Badge color={settings.secret.has_secret ? 'teal' : 'gray'} variant="light">
                {settings.secret.has_secret
                  ? t('settings:company.secret.set')
                  : t('settings:company.secret.notSet')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('settings:company.secret.description')}
            </Text>
            {settings.secret.created_at ? (
              <Text size="sm">
                {t('settings:company.secret.createdAt', {
                  date: fmt.dateTime(settings.secret.created_at),
                })}
              </Text>
            ) : null}
          </Stack>
          <Button
            variant="light"
            color="orange"
            onClick={() => setConfirmRotate(true)}
            data-testid="postback-rotate"
          >
            {hasSecret ? t('settings:company.secret.rotate') : t('settings:company.secret.create')}
          </Button>
        </Group>
      </Card>
      <ConfirmModal
        opened={confirmRotate}
        onClose={() => setConfirmRotate(false)}
        // The dialog names the action its button offered: creating the first secret is no rotation.
        title={t(hasSecret ? 'settings:company.secret.rotate' : 'settings:company.secret.create')}
        text={t(
          hasSecret ? 'settings:company.secret.rotateConfirm' : 'settings:company.secret.createConfirm',
        )}
        confirmLabel={t(hasSecret ? 'settings:company.secret.rotate' : 'settings:company.secret.create')}
        color="orange"
        isPending={rotate.isPending}
        onConfirm={onRotate}
        confirmTestId="postback-rotate-confirm"
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
