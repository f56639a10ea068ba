import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ESCROW_TTL_HOURS, MFA_CODE_LENGTH, ONCHAIN_ASSETS, ONCHAIN_FIAT } from '@portal/domain';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
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
import { ConfirmationFields } from '../../../shared/ui/confirmation-fields.tsx';

const isWarning = (e: unknown) =>
  e instanceof ApiError && (e.code === 'ONCHAIN_ADDRESS_WARNING' || e.code === 'ONCHAIN_TRX_ID_WARNING');

/** Create an escrow blockchain deal: ticker, network, expected amount, receiver wallet, TTL 1-24 h. */
export function CreateDealDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('onchainTransfer');
  const info = useOnchainInfo();
  const call = useCreateDeal();
  const [f, setF] = useState({
    ticker: 'USDT',
    network: 'ethereum',
    currency: 'USD',
    expected: '',
    receiver: '',
    ttl: 6 as number | string,
    accept: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening
  useEffect(() => {
    if (opened) {
      call.reset();
      setF({
        ticker: 'USDT',
        network: 'ethereum',
        currency: 'USD',
        expected: '',
        receiver: '',
        ttl: 6,
        accept: false,
      });
    }
  }, [opened]);
  const networks = info.data?.assets.find((a) => a.asset === f.ticker)?.networks ?? [];
  const warning = isWarning(call.error);
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
          {call.error ? (
            <Alert color={warning ? 'yellow' : 'red'} data-testid="deal-error">
              <Stack gap={6}>
                <Text size="sm">{errorMessage(call.error, t)}</Text>
                {warning ? (
                  <Checkbox
                    label={t('address.proceed')}
                    checked={f.accept}
                    onChange={(e) => setF((s) => ({ ...s, accept: e.currentTarget.checked }))}
                    data-testid="deal-accept"
                  />
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={call.isPending} data-testid="deal-create">
              {t('escrow.create')}
            </Button>
          </Group>
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
  const warning = isWarning(call.error);
  return (
    <Modal
      opened={deal !== null}
      onClose={onClose}
      title={t('escrow.matchTitle')}
      centered
      data-testid="match-dialog"
    >
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
          {call.error ? (
            <Alert color={warning ? 'yellow' : 'red'} data-testid="match-error">
              <Stack gap={6}>
                <Text size="sm">{errorMessage(call.error, t)}</Text>
                {warning ? (
                  <Checkbox
                    label={t('address.proceed')}
                    checked={accept}
                    onChange={(e) => setAccept(e.currentTarget.checked)}
                  />
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={call.isPending} disabled={!trx.trim()} data-testid="match-submit">
              {t('escrow.match')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Confirm a funded deal: release to the receiver wallet with password and TOTP code. */
export function ConfirmDealDialog({ deal, onClose }: { deal: EscrowDeal | null; onClose: () => void }) {
  const { t } = useTranslation('onchainTransfer');
  const challenge = useDealChallenge();
  const confirm = useConfirmDeal();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a challenge per opened deal
  useEffect(() => {
    setPassword('');
    setCode('');
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
      { onSuccess: onClose, onError: () => setCode('') },
    );
  };
  return (
    <Modal
      opened={deal !== null}
      onClose={onClose}
      title={t('escrow.confirmTitle')}
      centered
      data-testid="confirm-deal-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (password && code.length === MFA_CODE_LENGTH) void submit();
        }}
      >
        <Stack gap="sm">
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
          <ConfirmationFields
            passwordLabel={t('dialog.password')}
            codeLabel={t('dialog.code')}
            password={password}
            onPassword={setPassword}
            code={code}
            onCode={setCode}
            testIdPrefix="deal"
          />
          {confirm.error ? (
            <Alert color="red" data-testid="deal-confirm-error">
              {errorMessage(confirm.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconShieldLock size={16} />}
              disabled={!challenge.data || !password || code.length !== MFA_CODE_LENGTH}
              loading={confirm.isPending}
              data-testid="deal-confirm"
            >
              {t('escrow.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
