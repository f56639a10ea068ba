import { Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { type EscrowDeal, useMatchDeal } from '../api.ts';
import { DealModal, WarningOrError } from './deal-dialog-parts.tsx';

/** Enter the Trx ID of the counterparty's deposit; the chain is asked for it. */
export function MatchDealDialog({
  deal,
  onClose,
  prefill,
}: {
  deal: EscrowDeal | null;
  onClose: () => void;
  prefill?: string;
}) {
  const { t } = useTranslation('onchainTransfer');
  const call = useMatchDeal();
  const [trx, setTrx] = useState('');
  const [accept, setAccept] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per deal
  useEffect(() => {
    call.reset();
    setTrx(prefill ?? '');
    setAccept(false);
  }, [deal?.id, prefill]);
  return (
    <DealModal deal={deal} title={t('escrow.matchTitle')} testId="match-dialog" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (deal)
            call.mutate(
              { params: { id: deal.id }, body: { trx_id: trx.trim(), accept_warnings: accept } },
              { onSuccess: onClose },
            );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('escrow.matchHint', { address: deal?.deposit_address ?? '' })}</Text>
          <TextInput
            label={t('escrow.trxId')}
            value={trx}
            onChange={(e) => setTrx(e.currentTarget.value)}
            styles={{ input: { fontFamily: 'monospace' } }}
            data-testid="match-trx"
          />
          <WarningOrError error={call.error} isAccepted={accept} onAccept={setAccept} testId="match-error" />
          <DialogActions
            cancelLabel={t('dialog.cancel')}
            onCancel={onClose}
            submitLabel={t('escrow.match')}
            isSubmitDisabled={!trx.trim()}
            isSubmitting={call.isPending}
            submitTestId="match-submit"
          />
        </Stack>
      </form>
    </DealModal>
  );
}
