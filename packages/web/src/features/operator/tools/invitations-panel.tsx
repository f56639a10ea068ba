import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState } from '../../../shared/ui/index.ts';
import { useResendInvitation, useToolInvitations } from './tools-api.ts';

/** Open invitations of a company; staff mail a new one-time code (the old one stops working). */
export function InvitationsPanel({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const invitations = useToolInvitations(merchantId);
  const resend = useResendInvitation();
  const list = invitations.data?.invitations ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('operatorTools:invitations.title')}
        </Title>
        {!invitations.isPending && list.length === 0 ? (
          <EmptyState title={t('operatorTools:invitations.empty')} />
        ) : null}
        <Stack gap="xs" data-testid="tools-invitations">
          {list.map((i) => (
            <Paper key={i.id} withBorder radius="sm" p="sm" data-testid="tools-invitation">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {i.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('operatorTools:invitations.line', {
                      kind: t(`users:kind.${i.type}`),
                      date: format.dateTime(i.expires_at),
                    })}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="light"
                  loading={resend.isPending && resend.variables?.params?.id === i.id}
                  onClick={() =>
                    resend.mutate(
                      { params: { id: i.id }, body: {} },
                      {
                        onSuccess: () =>
                          notifySuccess(t('operatorTools:invitations.resent', { email: i.email })),
                      },
                    )
                  }
                >
                  {t('operatorTools:invitations.resend')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
