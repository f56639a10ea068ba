import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type VaAction, VAAC_CLIENT_CODES, type VaacCode } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { vaReasonLabel } from '../../../shared/i18n/code-labels.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';
import { type VaConfirmation, type VirtualAccountRow, useVaAction, useVaChallenge } from '../api.ts';
import { VaConfirmModal } from './va-confirm-modal.tsx';

/**
 * The close dialog (spec §2) and its disable/enable siblings: pick the VAAC reason, see that closing
 * is irreversible, then confirm with password and code.
 */
export function VaActionDialog({
  va,
  walletId,
  action,
  onClose,
}: {
  va: VirtualAccountRow;
  walletId: number;
  action: VaAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('virtualAccounts');
  const codes: readonly VaacCode[] = action === 'enable' ? [] : VAAC_CLIENT_CODES[action];
  const [reason, setReason] = useState<VaacCode | null>(codes[0] ?? null);
  const [confirmation, setConfirmation] = useState<VaConfirmation | null>(null);
  const challenge = useVaChallenge();
  const run = useVaAction();
  const target = va.iban_number
    ? { iban: va.iban_number }
    : { bankCode: va.bank_code, bankAccountNumber: va.accNumber };
  const body = { ...target, ...(reason ? { reason } : {}) };

  const start = () =>
    challenge.mutate(
      { body: { kind: 'va_action', action, wallet_id: walletId, ...body } },
      { onSuccess: (answer) => setConfirmation(answer.confirmation) },
    );

  const confirm = async (password: string, code: string) => {
    if (!confirmation) return;
    run.mutate(
      {
        params: { action, walletId },
        body: {
          ...body,
          challenge_id: confirmation.challenge_id,
          password: await sha512Hex(password),
          secret_code: code,
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t(`action.done.${action}`));
          setConfirmation(null);
          onClose();
        },
      },
    );
  };

  return (
    <>
      <Modal
        opened={confirmation === null}
        onClose={onClose}
        title={t(`action.title.${action}`)}
        centered
        data-testid="va-action-dialog"
      >
        <Stack gap="md">
          <Text size="sm">
            {t('action.subject', { number: va.number, customer: va.client_customer_name })}
          </Text>
          {codes.length > 0 ? (
            <Select
              label={t('action.reason')}
              data={codes.map((code) => ({ value: code, label: vaReasonLabel(t, code) }))}
              value={reason}
              onChange={(value) => setReason(value as VaacCode | null)}
              allowDeselect={false}
              data-testid="va-action-reason"
            />
          ) : null}
          {action === 'close' ? (
            <Alert color="red" data-testid="va-close-warning">
              {t('action.irreversible')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.back')}
            </Button>
            <Button
              color={action === 'close' ? 'red' : undefined}
              onClick={start}
              loading={challenge.isPending}
              disabled={codes.length > 0 && reason === null}
              data-testid="va-action-continue"
            >
              {t(`action.submit.${action}`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <VaConfirmModal
        confirmation={confirmation}
        isPending={run.isPending}
        error={run.error}
        onConfirm={(pw, code) => void confirm(pw, code)}
        onClose={() => {
          setConfirmation(null);
          onClose();
        }}
      />
    </>
  );
}
