import {
  Alert,
  Checkbox,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ESCROW_TTL_HOURS, ONCHAIN_ASSETS, ONCHAIN_FIAT } from '@portal/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/index.ts';
import { sha512Hex } from '../../auth/password-hash.ts';
import {
  type EscrowDeal,
  useConfirmDeal,
  useCreateDeal,
  useDealChallenge,
  useMatchDeal,
  useOnchainInfo,
} from '../api.ts';
import { useChallengeCredentials } from '../../../shared/ui/challenge.tsx';
import { ConfirmationForm } from '../../../shared/ui/confirmation-form.tsx';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';

const isWarning = (e: unknown) =>
  e instanceof ApiError && (e.code === 'ONCHAIN_ADDRESS_WARNING' || e.code === 'ONCHAIN_TRX_ID_WARNING');

/** The create dialog's form as it opens. */
const NEW_DEAL = {
  ticker: 'USDT',
  network: 'ethereum',
  currency: 'USD',
  expected: '',
  receiver: '',
  ttl: 6 as number | string,
  accept: false,
};

/** Create an escrow blockchain deal: ticker, network, expected amount, receiver wallet, TTL 1-24 h. */
export function CreateDealDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('onchainTransfer');
  const info = useOnchainInfo();
  const call = useCreateDeal();
  const [f, setF] = useState(NEW_DEAL);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening
  useEffect(() => {
    if (opened) {
      call.reset();
      setF(NEW_DEAL);
    }
  }, [opened]);
  const networks = info.data?.assets.find((a) => a.asset === f.ticker)?.networks ?? [];
  const submit = () =>
    call.mutate(
      {
        body: {
          ticker: f.ticker,
          network: f.network,
          currency: f.currency as 'USD',
          expected_amount: f.expected.trim(),
          receiver_wallet: f.receiver.trim(),
          ttl_hours: Number(f.ttl),
          accept_warnings: f.accept,
        },
      },
      { onSuccess: onClose },
    );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('escrow.newDeal')}
      centered
      size="lg"
      data-testid="deal-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('escrow.ticker')}
              data={[...ONCHAIN_ASSETS]}
              value={f.ticker}
              onChange={(v) => {
                const ticker = v ?? 'USDT';
                setF((s) => ({
                  ...s,
                  ticker,
                  network:
                    info.data?.assets.find((a) => a.asset === ticker)?.networks[0]?.network ?? s.network,
                }));
              }}
              allowDeselect={false}
              data-testid="deal-ticker"
            />
            <Select
              label={t('dialog.network')}
              data={networks.map((n) => ({ value: n.network, label: n.label }))}
              value={f.network}
              onChange={(v) => setF((s) => ({ ...s, network: v ?? s.network }))}
              allowDeselect={false}
              data-testid="deal-network"
            />
            <Select
              label={t('escrow.currency')}
              data={[...ONCHAIN_FIAT]}
              value={f.currency}
              onChange={(v) => setF((s) => ({ ...s, currency: v ?? 'USD' }))}
              allowDeselect={false}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('escrow.expectedAmount')}
              placeholder="0.00004"
              value={f.expected}
              onChange={(e) => setF((s) => ({ ...s, expected: e.currentTarget.value }))}
              inputMode="decimal"
              data-testid="deal-expected"
            />
            <NumberInput
              label={t('escrow.ttlHours')}
              min={ESCROW_TTL_HOURS.min}
              max={ESCROW_TTL_HOURS.max}
              value={f.ttl}
              onChange={(v) => setF((s) => ({ ...s, ttl: v }))}
              allowDecimal={false}
              data-testid="deal-ttl"
            />
          </SimpleGrid>
          <TextInput
            label={t('escrow.receiverWallet')}
            value={f.receiver}
            onChange={(e) => setF((s) => ({ ...s, receiver: e.currentTarget.value, accept: false }))}
            styles={{ input: { fontFamily: 'monospace' } }}
            data-testid="deal-receiver"
          />
          <WarningOrError
            error={call.error}
            isAccepted={f.accept}
            onAccept={(accept) => setF((s) => ({ ...s, accept }))}
            testId="deal-error"
            acceptTestId="deal-accept"
          />
          <DialogActions
            cancelLabel={t('dialog.cancel')}
            onCancel={onClose}
            submitLabel={t('escrow.create')}
            isSubmitting={call.isPending}
            submitTestId="deal-create"
          />
        </Stack>
      </form>
    </Modal>
  );
}

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

/** A dialog about one deal of the list, open while there is one. */
function DealModal({
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

/**
 * The error of creating or matching a deal; a warning (an unusual address or Trx ID) can be accepted
 * with the checkbox, and the next try goes through.
 */
function WarningOrError({
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
