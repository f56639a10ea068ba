import { Alert, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.ts';
import { useChallengeCredentials } from '../../../shared/ui/challenge.tsx';
import { ConfirmationForm } from '../../../shared/ui/confirmation-form.tsx';
import { sha512Hex } from '../../../shared/security/password-digest.ts';
import { type EscrowDeal, useConfirmDeal, useDealChallenge } from '../api.ts';
import { DealModal } from './deal-dialog-parts.tsx';

/** Confirm a funded deal: release to the receiver wallet with password and TOTP code. */
export function ConfirmDealDialog({ deal, onClose }: { deal: EscrowDeal | null; onClose: () => void }) {
  const { t } = useTranslation('onchainTransfer');
  const challenge = useDealChallenge();
  const confirm = useConfirmDeal();
  const { password, setPassword, code, setCode } = useChallengeCredentials(deal?.id, confirm.error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a challenge per opened deal
  useEffect(() => {
    confirm.reset();
    challenge.reset();
    if (deal) challenge.mutate({ params: { id: deal.id } });
  }, [deal?.id]);
  const submit = async () => {
    const c = challenge.data?.confirmation;
    if (!deal || !c) return;
    confirm.mutate(
      {
        params: { id: deal.id },
        body: { challenge_id: c.challenge_id, password: await sha512Hex(password), secret_code: code },
      },
      { onSuccess: onClose },
    );
  };
  return (
    <DealModal deal={deal} title={t('escrow.confirmTitle')} testId="confirm-deal-dialog" onClose={onClose}>
      <ConfirmationForm
        labels={{
          password: t('dialog.password'),
          code: t('dialog.code'),
          back: t('dialog.cancel'),
          confirm: t('escrow.confirm'),
        }}
        password={password}
        onPassword={setPassword}
        code={code}
        onCode={setCode}
        testIdPrefix="deal"
        canConfirm={!!challenge.data}
        isPending={confirm.isPending}
        errorText={confirm.error ? errorMessage(confirm.error, t) : null}
        onBack={onClose}
        onConfirm={() => void submit()}
      >
        {deal ? (
          <Text size="sm">
            {t('escrow.confirmText', {
              amount: deal.settled_amount ?? '',
              ticker: deal.ticker,
              receiver: deal.receiver_wallet,
            })}
          </Text>
        ) : null}
        {challenge.error ? <Alert color="red">{errorMessage(challenge.error, t)}</Alert> : null}
      </ConfirmationForm>
    </DealModal>
  );
}
