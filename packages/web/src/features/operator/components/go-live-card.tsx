import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { type OperatorRecord, useGoLive } from '../api.ts';
import { RecordCard } from './record-card.tsx';

interface GoLiveCardProps {
  uuid: string;
  state: OperatorRecord['record']['state'];
  /** Every item of the checklist is done. */
  ready: boolean;
}

/** Go-live of the record once its checklist is complete. */
export function GoLiveCard({ uuid, state, ready }: GoLiveCardProps) {
  const { t } = useTranslation();
  const goLive = useGoLive();
  return (
    <RecordCard title={t('operator:record.goLive')}>
      {state === 'live' ? (
        <Alert color="teal">{t('operator:record.isLive')}</Alert>
      ) : (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {ready ? t('operator:record.readyText') : t('operator:record.notReady')}
          </Text>
          <Button
            color="teal"
            leftSection={<IconRocket size={16} />}
            disabled={!ready}
            loading={goLive.isPending}
            data-testid="go-live"
            onClick={() =>
              goLive.mutate(
                { params: { uuid } },
                { onSuccess: (a) => notifySuccess(t('operator:record.wentLive', { email: a.master_email })) },
              )
            }
          >
            {t('operator:record.approveGoLive')}
          </Button>
        </Group>
      )}
    </RecordCard>
  );
}
