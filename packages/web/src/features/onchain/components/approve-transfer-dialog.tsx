import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { networkLabel } from '../../../shared/i18n/code-labels.ts';
import { ApprovalDialog } from '../../../shared/ui/approval-dialog.tsx';
import { type OnchainTransfer, useTransferApproval } from '../api.ts';

/** Approving an on-chain transfer: amount, asset, network and address, confirmed with the code. */
export function ApproveTransferDialog({
  id,
  onClose,
  onApproved,
}: {
  /** The transfer to approve; null keeps the dialog closed. */
  id: string | null;
  onClose: () => void;
  onApproved?: (transfer: OnchainTransfer) => void;
}) {
  const { t } = useTranslation('onchainTransfer');
  const approval = useTransferApproval();
  return (
    <ApprovalDialog
      openKey={id}
      title={t('approval.title')}
      intro={t('approval.intro')}
      columns={{ payee: t('approval.network'), account: t('approval.address') }}
      payeeLabel={(network) => networkLabel(t, network)}
      requestChallenge={async () =>
        (await approval.challenge.mutateAsync({ params: { id: id ?? '' } })).confirmation
      }
      approve={async (proof) => {
        if (!id) return;
        const answer = await approval.approve.mutateAsync({ params: { id }, body: proof });
        notifications.show({ color: 'teal', message: t('approval.done') });
        onApproved?.(answer.transfer);
        onClose();
      }}
      onClose={onClose}
      testId="onchain-approve"
    />
  );
}
