import { Button, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorVaDecide } from '../hooks/use-operator-va-requests.ts';

/** Declining a VA request (`uuid`, null when closed): the reason the company will read is required. */
export function OperatorVaDeclineModal({
  uuid,
  decide,
  onClose,
}: {
  uuid: string | null;
  decide: OperatorVaDecide;
  onClose: () => void;
}) {
  const { t } = useTranslation('virtualAccounts');
  const [reason, setReason] = useState('');
  return (
    <Modal opened={uuid !== null} onClose={onClose} title={t('operator.decline')} centered>
      <Stack>
        <Textarea
          label={t('request.declineReason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="op-va-decline-reason"
        />
        <Button
          color="red"
          disabled={reason.trim() === ''}
          onClick={() =>
            uuid &&
            decide.mutate(
              { params: { uuid }, body: { decision: 'decline', decline_reason: reason } },
              {
                onSuccess: () => {
                  onClose();
                  setReason('');
                },
              },
            )
          }
        >
          {t('operator.decline')}
        </Button>
      </Stack>
    </Modal>
  );
}
