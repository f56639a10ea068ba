import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CopResultCode } from '@portal/domain';
import { IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface CopOutcome {
  result: CopResultCode | null;
  accountName: string | null;
}

/** Confirmation of Payee result (spec §8): a warning the user may proceed past or dismiss. */
export function CopWarningModal({
  outcome,
  payee,
  onProceed,
  onDismiss,
}: {
  outcome: CopOutcome | null;
  payee: string;
  onProceed: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const code = outcome?.result ?? 'UNKNOWN';
  return (
    <Modal
      opened={outcome !== null}
      onClose={onDismiss}
      title={t('payments:cop.title')}
      centered
      data-testid="cop-warning"
    >
      <Stack>
        <Alert
          color="yellow"
          icon={<IconUserQuestion size={18} />}
          title={t('payments:cop.codeTitle', { code })}
        >
          {t(`payments:cop.codes.${code}`)}
        </Alert>
        <Text size="sm">{t('payments:cop.entered', { payee })}</Text>
        {outcome?.accountName ? (
          <Text size="sm" fw={600}>
            {t('payments:cop.accountName', { name: outcome.accountName })}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('payments:cop.explain')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDismiss}>
            {t('payments:cop.dismiss')}
          </Button>
          <Button color="yellow" onClick={onProceed}>
            {t('payments:cop.proceed')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
