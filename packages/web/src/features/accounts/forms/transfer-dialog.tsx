import { Modal } from '@mantine/core';
import type { WalletTransferRequest } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, notifyError } from '../../../shared/api/index.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';
import {
  type TransferConfirmation,
  type WalletTransfer,
  useTransferChallenge,
  useWalletTransfer,
} from '../api.ts';
import { TransferConfirmStep, TransferResult } from '../components/transfer-confirm-step.tsx';
import { TransferFormStep } from './transfer-form-step.tsx';
import type { TransferFormValues } from './transfer-form-model.ts';

/** A new confirmation is needed: what was confirmed is gone or changed (back to the form). */
const CONFIRMATION_RESTART = new Set(['CONFIRMATION_MISMATCH', 'CONFIRMATION_NOT_FOUND']);

/**
 * "Move money between my accounts" (issue 35): the form, the server's check shown with password and
 * authenticator code (the pay-out's strong confirmation), then the result. Instant and without fee.
 */
export function TransferDialog({
  opened,
  onClose,
  fromWalletId,
}: {
  opened: boolean;
  onClose: () => void;
  /** The account the dialog was opened from, preselected as the source. */
  fromWalletId?: number;
}) {
  const { t } = useTranslation('wallets');
  const challenge = useTransferChallenge();
  const execute = useWalletTransfer();
  const [draft, setDraft] = useState<TransferFormValues | null>(null);
  const [request, setRequest] = useState<WalletTransferRequest | null>(null);
  const [confirmation, setConfirmation] = useState<TransferConfirmation | null>(null);
  const [done, setDone] = useState<WalletTransfer | null>(null);

  const close = () => {
    setDraft(null);
    setRequest(null);
    setConfirmation(null);
    setDone(null);
    execute.reset();
    onClose();
  };

  const onContinue = async (values: TransferFormValues, body: WalletTransferRequest) => {
    setDraft(values);
    try {
      const answer = await challenge.mutateAsync({ body });
      setRequest(body);
      setConfirmation(answer.confirmation);
    } catch (error) {
      notifyError(error, t);
    }
  };

  const onConfirm = async (password: string, code: string) => {
    if (!request || !confirmation) return;
    execute.mutate(
      {
        body: {
          ...request,
          challenge_id: confirmation.challenge_id,
          password: await sha512Hex(password),
          secret_code: code,
        },
      },
      {
        onSuccess: (answer) => {
          setConfirmation(null);
          setDone(answer.transfer);
        },
        onError: (error) => {
          if (error instanceof ApiError && CONFIRMATION_RESTART.has(error.code)) {
            setConfirmation(null);
            notifyError(error, t);
          }
        },
      },
    );
  };

  const title = done
    ? t('transfer.result.title')
    : confirmation
      ? t('transfer.confirm.title')
      : t('transfer.title');
  return (
    <Modal opened={opened} onClose={close} title={title} centered size="lg" closeOnClickOutside={false}>
      {done ? (
        <TransferResult transfer={done} onClose={close} />
      ) : confirmation ? (
        <TransferConfirmStep
          confirmation={confirmation}
          isPending={execute.isPending}
          error={execute.error}
          onBack={() => {
            setConfirmation(null);
            execute.reset();
          }}
          onConfirm={(password, code) => void onConfirm(password, code)}
        />
      ) : (
        <TransferFormStep
          initial={draft}
          fromWalletId={fromWalletId}
          isChecking={challenge.isPending}
          onCancel={close}
          onContinue={(values, body) => void onContinue(values, body)}
        />
      )}
    </Modal>
  );
}
