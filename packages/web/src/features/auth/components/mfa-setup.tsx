import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Code,
  Group,
  Image,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.ts';
import { requestSecret } from '../auth.api.ts';
import type { CodeInputProps } from './code-input.tsx';

export interface MfaSetupProps {
  mfaToken: string;
  passwordDigest: string;
  isSubmitting: boolean;
  onSubmit: (code: string) => void;
  /**
   * The login screen's code input. This module loads on demand from the login page's chunk; importing
   * CodeInput here would make that chunk export it, and a page chunk that exports more than its page
   * loses its name in the build manifest (bench/web finds the login route by it).
   */
  codeInput: ComponentType<CodeInputProps>;
}

/** Secret shown in groups of four, easier to type into an authenticator by hand. */
const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** MFA setup (spec §7 POST /frusrs/get_secret): QR code, the secret to copy, then the first code. */
export function MfaSetup({
  mfaToken,
  passwordDigest,
  isSubmitting,
  onSubmit,
  codeInput: CodeInput,
}: MfaSetupProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [copied, setCopied] = useState(false);
  const secret = useQuery({
    queryKey: ['auth', 'secret', mfaToken],
    queryFn: () => requestSecret(mfaToken, passwordDigest),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const copySecret = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      notifications.show({
        color: 'red',
        title: t('login:mfaSetup.title'),
        message: t('login:mfaSetup.copyFailed'),
      });
    }
  };

  if (secret.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('login:mfaSetup.loading')} />
      </Center>
    );
  if (secret.isError)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('login:mfaSetup.qrProblem')}>
        {errorMessage(secret.error, t)}
      </Alert>
    );

  const data = secret.data;
  return (
    <Stack gap="md">
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>{t('login:mfaSetup.step1')}</List.Item>
        <List.Item>{t('login:mfaSetup.step2')}</List.Item>
        <List.Item>{t('login:mfaSetup.step3')}</List.Item>
      </List>
      <Center>
        <Paper p="sm" radius="md" bg="white" withBorder data-testid="mfa-qr">
          {data.otpauth_url ? (
            <QRCodeSVG value={data.otpauth_url} size={176} marginSize={0} title={t('login:mfaSetup.qrAlt')} />
          ) : (
            <Image src={data.qr_code} w={176} h={176} alt={t('login:mfaSetup.qrAlt')} />
          )}
        </Paper>
      </Center>
      <Box>
        <Text size="xs" c="dimmed" mb={4}>
          {t('login:mfaSetup.secretLabel')}
        </Text>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Code fz="sm" py={6} px="sm" style={{ flex: 1, wordBreak: 'break-all' }} data-testid="mfa-secret">
            {groupSecret(data.secret)}
          </Code>
          <Tooltip label={copied ? t('login:mfaSetup.copied') : t('login:mfaSetup.copy')} withArrow>
            <ActionIcon
              variant="light"
              color={copied ? 'teal' : 'gray'}
              size="lg"
              aria-label={t('login:mfaSetup.copy')}
              onClick={() => void copySecret(data.secret)}
              data-testid="mfa-secret-copy"
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Box>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === 6) onSubmit(code);
        }}
      >
        <Stack gap="md">
          <CodeInput value={code} onChange={setCode} onComplete={onSubmit} disabled={isSubmitting} />
          <Button type="submit" fullWidth loading={isSubmitting} disabled={code.length !== 6}>
            {t('login:mfaSetup.confirm')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
