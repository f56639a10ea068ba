import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type apiRoutes, canStartVerification, type RouteResponse } from '@portal/domain';
import { IconExternalLink, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRecheckVerification, useStartVerification } from '../api.ts';

type VerificationStatus = RouteResponse<typeof apiRoutes.verificationMe>['verification_status'];

/** The third step: the ID & facial check at the provider (opened in a new tab), and asking for its result. */
export function IdCheckPanel({ token, status }: { token: string | null; status: VerificationStatus }) {
  const { t } = useTranslation();
  const start = useStartVerification(token);
  const recheck = useRecheckVerification(token);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Text fw={600}>{t('wizard:verification.idTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('wizard:verification.idText')}
        </Text>
        <Group>
          {canStartVerification(status) ? (
            <Button
              leftSection={<IconShieldCheck size={16} />}
              loading={start.isPending}
              data-testid="verification-start"
              onClick={() =>
                start.mutate(
                  {},
                  { onSuccess: (answer) => window.open(answer.hosted_url, '_blank', 'noopener') },
                )
              }
            >
              {status === 'none' ? t('wizard:verification.start') : t('wizard:verification.again')}
            </Button>
          ) : null}
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={recheck.isPending}
            onClick={() => recheck.mutate({})}
            data-testid="verification-recheck"
          >
            {t('wizard:verification.recheck')}
          </Button>
          <IconExternalLink size={16} opacity={0.5} />
        </Group>
      </Stack>
    </Paper>
  );
}
