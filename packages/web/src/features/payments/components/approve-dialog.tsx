import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApprovalDialog } from '../../../shared/ui/approval-dialog.tsx';
import { useApprovalChallenge, useApprovePayment, useMassAction } from '../api.ts';
import { notifyMassResult } from './mass-result.ts';

/**
 * Approving pay-outs (issue 17): one payment from the drawer or a selected set from the list, each
 * confirmed with the approver's password and code against the exact items and totals.
 */
export function ApproveDialog({
  ids,
  onClose,
  onApproved,
}: {
  /** The payments to approve; null keeps the dialog closed. */
  ids: string[] | null;
  onClose: () => void;
  onApproved?: () => void;
}) {
  const { t } = useTranslation();
  const challenge = useApprovalChallenge();
  const approveOne = useApprovePayment();
  const mass = useMassAction();
  const count = ids?.length ?? 0;
  const finished = () => {
    onApproved?.();
    onClose();
  };

  return (
    <ApprovalDialog
      openKey={ids ? ids.join(',') : null}
      title={count > 1 ? t('payments:mass.approveTitle', { count }) : t('payments:actions.approveTitle')}
      intro={t('payments:actions.approveText')}
      requestChallenge={async () => (await challenge.mutateAsync({ body: { ids: ids ?? [] } })).confirmation}
      approve={async (proof) => {
        if (!ids) return;
        if (ids.length === 1 && ids[0]) {
          await approveOne.mutateAsync({ params: { id: ids[0] }, body: proof });
          notifications.show({ color: 'teal', message: t('payments:actions.approveDone') });
          finished();
          return;
        }
        const answer = await mass.mutateAsync({ body: { action: 'approve', ids, ...proof } });
        notifyMassResult(t, 'approve', answer);
        finished();
      }}
      onClose={onClose}
    />
  );
}
