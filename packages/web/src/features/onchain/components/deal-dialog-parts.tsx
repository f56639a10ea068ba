import { Alert, Checkbox, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/index.ts';
import type { EscrowDeal } from '../api.ts';

/** A dialog about one deal of the list, open while there is one. */
export function DealModal({
  deal,
  title,
  testId,
  onClose,
  children,
}: {
  deal: EscrowDeal | null;
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={deal !== null} onClose={onClose} title={title} centered data-testid={testId}>
      {children}
    </Modal>
  );
}

const isWarning = (e: unknown) =>
  e instanceof ApiError && (e.code === 'ONCHAIN_ADDRESS_WARNING' || e.code === 'ONCHAIN_TRX_ID_WARNING');

/**
 * The error of creating or matching a deal; a warning (an unusual address or Trx ID) can be accepted
 * with the checkbox, and the next try goes through.
 */
export function WarningOrError({
  error,
  isAccepted,
  onAccept,
  testId,
  acceptTestId,
}: {
  error: unknown;
  isAccepted: boolean;
  onAccept: (accepted: boolean) => void;
  testId: string;
  acceptTestId?: string;
}) {
  const { t } = useTranslation('onchainTransfer');
  if (!error) return null;
  const warning = isWarning(error);
  return (
    <Alert color={warning ? 'yellow' : 'red'} data-testid={testId}>
      <Stack gap={6}>
        <Text size="sm">{errorMessage(error, t)}</Text>
        {warning ? (
          <Checkbox
            label={t('address.proceed')}
            checked={isAccepted}
            onChange={(e) => onAccept(e.currentTarget.checked)}
            data-testid={acceptTestId}
          />
        ) : null}
      </Stack>
    </Alert>
  );
}
