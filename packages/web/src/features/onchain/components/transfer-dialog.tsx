import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ONCHAIN_ASSETS, ONCHAIN_FIAT } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/index.ts';
import { useFormatters } from '../../../shared/i18n/format.ts';
import { sha512Hex } from '../../auth/password-hash.ts';
import {
  type OnchainQuote,
  type OnchainTransfer,
  type TransferInput,
  useCheckAddress,
  useCreateTransfer,
  useCryptoWallets,
  useFiatWallets,
  useOnchainInfo,
  useQuote,
  useTransferChallenge,
} from '../api.ts';
import { ApproveTransferDialog } from './approve-transfer-dialog.tsx';
import { Confirmations, TransferStatusBadge } from './onchain-badges.tsx';
import { ConfirmationForm } from '../../../shared/ui/confirmation-form.tsx';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { QuoteCountdown } from '../../../shared/ui/quote-countdown.tsx';
import { useCountdown } from '../../../shared/ui/use-countdown.ts';

interface Form {
  asset: string;
  network: string;
  /** `${walletId}|${currency}`: the wallet and the currency it pays in. */
  payer: string | null;
  mode: 'coin' | 'fiat';
  fiatCurrency: string;
  amount: string;
  address: string;
  accept: boolean;
  comments: string;
}

const QUOTE_TTL_SECONDS = 30;
const empty: Form = {
  asset: 'USDT',
  network: 'ethereum',
  payer: null,
  mode: 'coin',
  fiatCurrency: 'USD',
  amount: '',
  address: '',
  accept: false,
  comments: '',
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

/**
 * The Make Onchain Transfer dialog (spec §2): asset, network and paying wallet; the fiat or the
 * coin amount (the other from the FX rate, with a countdown); the receiver address checked per
 * network (a broken checksum or another network's address stops, a pattern mismatch is a warning
 * to confirm); the network fee and total before confirmation; password and TOTP code; then the
 * maker-checker approval and the confirmations counting up.
 */
export function TransferDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('onchainTransfer');
  const { dateTime } = useFormatters();
  const info = useOnchainInfo();
  const crypto = useCryptoWallets();
  const fiat = useFiatWallets();
  const quoteCall = useQuote();
  const checkCall = useCheckAddress();
  const challengeCall = useTransferChallenge();
  const createCall = useCreateTransfer();
  const [approving, setApproving] = useState(false);
  const [form, setForm] = useState<Form>(empty);
  const [quote, setQuote] = useState<OnchainQuote | null>(null);
  const [confirming, setConfirming] = useState<{ challengeId: string; quote: OnchainQuote } | null>(null);
  const [result, setResult] = useState<OnchainTransfer | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const secondsLeft = useCountdown((confirming?.quote ?? quote)?.expires_at);
  const hasExpiry = !!(confirming?.quote ?? quote)?.expires_at;
  const expired = hasExpiry && secondsLeft === 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening
  useEffect(() => {
    if (!opened) return;
    setForm(empty);
    setQuote(null);
    setConfirming(null);
    setResult(null);
    setPassword('');
    setCode('');
    quoteCall.reset();
    checkCall.reset();
    challengeCall.reset();
    createCall.reset();
  }, [opened]);

  const networks = info.data?.assets.find((a) => a.asset === form.asset)?.networks ?? [];
  const payers = useMemo(() => {
    const out: { value: string; label: string }[] = [];
    for (const w of crypto.data?.wallets ?? []) {
      if (w.asset === form.asset)
        out.push({ value: `${w.wallet_id}|${w.asset}`, label: `${w.ui_name} · ${w.available} ${w.asset}` });
    }
    for (const w of fiat.data?.wallets ?? []) {
      for (const b of w.balances) {
        if ((ONCHAIN_FIAT as readonly string[]).includes(b.currency))
          out.push({
            value: `${w.uuid}|${b.currency}`,
            label: `${w.ui_name} · ${b.available} ${b.currency}`,
          });
      }
    }
    return out;
  }, [crypto.data, fiat.data, form.asset]);

  // The paying wallet follows the asset: its crypto wallet first. Chosen once both lists have
  // answered: from whichever answered first, the default (and the fiat currency of the amount the
  // user is typing) depended on timing.
  const walletsKnown = crypto.isFetched && fiat.isFetched;
  useEffect(() => {
    if (walletsKnown && payers.length && !payers.some((p) => p.value === form.payer))
      setForm((f) => ({ ...f, payer: payers[0]?.value ?? null }));
  }, [payers, form.payer, walletsKnown]);

  const [walletId, payCurrency] = (form.payer ?? '|').split('|') as [string, string];
  const payingFiat = (ONCHAIN_FIAT as readonly string[]).includes(payCurrency);
  const fiatCurrency = payingFiat ? payCurrency : form.fiatCurrency;

  const input = (): TransferInput => ({
    asset: form.asset,
    network: form.network,
    wallet_id: walletId,
    fiat_currency: fiatCurrency as 'EUR' | 'GBP' | 'USD',
    ...(form.mode === 'coin' ? { coin_amount: form.amount.trim() } : { fiat_amount: form.amount.trim() }),
    address: form.address.trim(),
    accept_warnings: form.accept,
    comments: form.comments.trim(),
  });

  // A new quote whenever what it depends on settles for a moment.
  const quoteKey = useDebounced(
    JSON.stringify([form.asset, form.network, form.payer, form.mode, fiatCurrency, form.amount]),
    400,
  );
  const requestQuote = () => {
    if (!walletId || form.amount.trim() === '') {
      setQuote(null);
      return;
    }
    const { address: _a, ...body } = input();
    quoteCall.mutate({ body }, { onSuccess: (r) => setQuote(r.quote), onError: () => setQuote(null) });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the debounced inputs
  useEffect(() => {
    if (opened && !confirming && !result) requestQuote();
  }, [quoteKey, opened]);

  const addressKey = useDebounced(`${form.network}|${form.address.trim()}`, 400);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the debounced address
  useEffect(() => {
    if (!form.address.trim()) return checkCall.reset();
    checkCall.mutate({ body: { network: form.network as 'ethereum', address: form.address.trim() } });
  }, [addressKey]);
  const check = checkCall.data;
  const addressError = check && !check.valid ? check.error : null;
  const addressWarning = check?.valid ? check.warning : null;

  const canContinue =
    !!quote &&
    !!form.address.trim() &&
    !addressError &&
    (addressWarning !== 'ADDRESS_PATTERN_MISMATCH' || form.accept) &&
    !expired;

  const toConfirm = () =>
    challengeCall.mutate(
      { body: input() },
      { onSuccess: (r) => setConfirming({ challengeId: r.confirmation.challenge_id, quote: r.quote }) },
    );

  const confirm = async () => {
    if (!confirming) return;
    const q = confirming.quote;
    createCall.mutate(
      {
        body: {
          ...input(),
          ...(q.rate && q.expires_at ? { rate: q.rate, rate_expires_at: q.expires_at } : {}),
          challenge_id: confirming.challengeId,
          password: await sha512Hex(password),
          secret_code: code,
        },
      },
      { onSuccess: (r) => setResult(r.transfer), onError: () => setCode('') },
    );
  };

  const approve = () => setApproving(true);

  const summary = (q: OnchainQuote) => (
    <Paper withBorder p="sm" radius="md" data-testid="onchain-quote">
      <SimpleGrid cols={2} spacing={4}>
        <QuoteLine label={t('dialog.youSend')} fw={600} testId="quote-coin">
          {q.coin_amount} {q.asset}
        </QuoteLine>
        {q.fiat_amount ? (
          <QuoteLine label={t('dialog.fiatValue')} testId="quote-fiat">
            {q.fiat_amount} {q.fiat_currency}
          </QuoteLine>
        ) : null}
        <QuoteLine label={t('dialog.networkFee')} testId="quote-fee">
          {q.fee} {q.fee_currency}
        </QuoteLine>
        <QuoteLine label={t('dialog.totalDebit')} fw={700} testId="quote-total">
          {q.total_debit} {q.funding_currency}
        </QuoteLine>
        {q.rate ? (
          <QuoteLine label={t('dialog.rate')}>
            {t('dialog.rateValue', { asset: q.asset, rate: q.rate, currency: q.fiat_currency })}
          </QuoteLine>
        ) : null}
      </SimpleGrid>
      <Text size="xs" c={q.window_open ? 'dimmed' : 'grape'} mt="xs" data-testid="quote-window">
        {q.window_open ? t('dialog.windowOpen') : t('dialog.windowClosed', { at: dateTime(q.send_at) })}
      </Text>
      {q.usd_cancel_at ? (
        <Text size="xs" c="dimmed">
          {t('dialog.usdCancel', { at: dateTime(q.usd_cancel_at) })}
        </Text>
      ) : null}
    </Paper>
  );

  const countdown = hasExpiry ? (
    <QuoteCountdown
      secondsLeft={secondsLeft}
      ttlSeconds={QUOTE_TTL_SECONDS}
      isExpired={expired}
      labels={{
        expired: t('dialog.expired'),
        refresh: t('dialog.refresh'),
        lockedFor: t('dialog.lockedFor', { seconds: secondsLeft }),
      }}
      onRefresh={() => {
        setConfirming(null);
        requestQuote();
      }}
      testIdPrefix="onchain"
    />
  ) : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('dialog.title')}
      centered
      size="lg"
      closeOnClickOutside={false}
      data-testid="onchain-dialog"
    >
      {result ? (
        <Stack gap="md" data-testid="onchain-result">
          <Group justify="space-between">
            <Text fw={600}>{t('dialog.created')}</Text>
            <TransferStatusBadge status={result.status} />
          </Group>
          <Text size="sm">
            {result.coin_amount} {result.asset} → {result.address}
          </Text>
          {result.tx_hash ? (
            <>
              <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="result-hash">
                {result.tx_hash}
              </Text>
              <Confirmations count={result.confirmations} required={result.required_confirmations} />
            </>
          ) : null}
          {result.status === 'queued' && result.send_at ? (
            <Text size="sm" c="grape">
              {t('dialog.windowClosed', { at: dateTime(result.send_at) })}
            </Text>
          ) : null}
          {result.status === 'created' && !result.can_approve ? (
            <Alert color="blue" variant="light">
              {t('dialog.awaitsApproval')}
            </Alert>
          ) : null}
          <ApproveTransferDialog
            id={approving ? result.id : null}
            onClose={() => setApproving(false)}
            onApproved={setResult}
          />
          <Group justify="flex-end">
            {result.can_approve ? (
              <Button onClick={approve} data-testid="onchain-approve">
                {t('actions.approve')}
              </Button>
            ) : null}
            <Button variant="default" onClick={onClose} data-testid="onchain-done">
              {t('dialog.done')}
            </Button>
          </Group>
        </Stack>
      ) : confirming ? (
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {t('dialog.confirmTitle')}
          </Text>
          <Text size="sm">
            {t('dialog.toAddress', {
              network: networks.find((n) => n.network === form.network)?.label ?? form.network,
            })}
          </Text>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="confirm-address">
            {form.address.trim()}
          </Text>
          {summary(confirming.quote)}
          {countdown}
          <ConfirmationForm
            labels={{
              password: t('dialog.password'),
              code: t('dialog.code'),
              back: t('dialog.back'),
              confirm: t('dialog.confirm'),
            }}
            password={password}
            onPassword={setPassword}
            code={code}
            onCode={setCode}
            testIdPrefix="onchain"
            canConfirm={!expired}
            isPending={createCall.isPending}
            errorText={createCall.error ? errorMessage(createCall.error, t) : null}
            onBack={() => setConfirming(null)}
            onConfirm={() => void confirm()}
          />
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (canContinue) toConfirm();
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('dialog.asset')}
                data={[...ONCHAIN_ASSETS]}
                value={form.asset}
                onChange={(v) => {
                  const asset = v ?? 'USDT';
                  const first =
                    info.data?.assets.find((a) => a.asset === asset)?.networks[0]?.network ?? 'ethereum';
                  setForm((f) => ({ ...f, asset, network: first, payer: null }));
                }}
                allowDeselect={false}
                data-testid="onchain-asset"
              />
              <Select
                label={t('dialog.network')}
                data={networks.map((n) => ({ value: n.network, label: n.label }))}
                value={form.network}
                onChange={(v) => setForm((f) => ({ ...f, network: v ?? f.network }))}
                allowDeselect={false}
                data-testid="onchain-network"
              />
            </SimpleGrid>
            <Select
              label={t('dialog.payFrom')}
              data={payers}
              value={form.payer}
              onChange={(v) => setForm((f) => ({ ...f, payer: v }))}
              allowDeselect={false}
              data-testid="onchain-payer"
            />
            <SegmentedControl
              value={form.mode}
              onChange={(v) => setForm((f) => ({ ...f, mode: v as 'coin' | 'fiat', amount: '' }))}
              data={[
                { value: 'coin', label: t('dialog.coinAmount', { asset: form.asset }) },
                { value: 'fiat', label: t('dialog.fiatAmount', { currency: fiatCurrency }) },
              ]}
              data-testid="onchain-mode"
            />
            <Group grow align="flex-start">
              <TextInput
                label={
                  form.mode === 'coin'
                    ? t('dialog.coinAmount', { asset: form.asset })
                    : t('dialog.fiatAmount', { currency: fiatCurrency })
                }
                value={form.amount}
                onChange={(e) => setForm((f) => ({ ...f, amount: e.currentTarget.value }))}
                inputMode="decimal"
                error={quoteCall.error ? errorMessage(quoteCall.error, t) : undefined}
                data-testid="onchain-amount"
              />
              {!payingFiat ? (
                <Select
                  label={t('dialog.fiatCurrency')}
                  data={[...ONCHAIN_FIAT]}
                  value={form.fiatCurrency}
                  onChange={(v) => setForm((f) => ({ ...f, fiatCurrency: v ?? 'USD' }))}
                  allowDeselect={false}
                  maw={140}
                />
              ) : null}
            </Group>
            <TextInput
              label={t('dialog.address')}
              value={form.address}
              onChange={(e) => setForm((f) => ({ ...f, address: e.currentTarget.value, accept: false }))}
              spellCheck={false}
              styles={{ input: { fontFamily: 'monospace' } }}
              error={
                addressError ? t(`address.${addressError}`, { other: check?.other_network ?? '' }) : undefined
              }
              data-testid="onchain-address"
            />
            {addressWarning ? (
              <Alert
                color="yellow"
                icon={<IconAlertTriangle size={18} />}
                data-testid="onchain-address-warning"
              >
                <Stack gap={6}>
                  <Text size="sm">{t(`address.${addressWarning}`)}</Text>
                  {addressWarning === 'ADDRESS_PATTERN_MISMATCH' ? (
                    <Checkbox
                      label={t('address.proceed')}
                      checked={form.accept}
                      onChange={(e) => setForm((f) => ({ ...f, accept: e.currentTarget.checked }))}
                      data-testid="onchain-accept"
                    />
                  ) : null}
                </Stack>
              </Alert>
            ) : check?.valid && check.kind ? (
              <Text size="xs" c="teal" data-testid="onchain-address-ok">
                {t('address.valid', { kind: check.kind })}
              </Text>
            ) : null}
            <TextInput
              label={t('dialog.comments')}
              value={form.comments}
              onChange={(e) => setForm((f) => ({ ...f, comments: e.currentTarget.value }))}
              maxLength={140}
            />
            {quote ? summary(quote) : null}
            {quote ? countdown : null}
            {challengeCall.error ? (
              <Alert color="red" data-testid="onchain-error">
                {errorMessage(challengeCall.error, t)}
              </Alert>
            ) : null}
            <DialogActions
              cancelLabel={t('dialog.cancel')}
              onCancel={onClose}
              submitLabel={t('dialog.continue')}
              isSubmitDisabled={!canContinue}
              isSubmitting={challengeCall.isPending}
              submitTestId="onchain-continue"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export const isExpiredError = (e: unknown) => e instanceof ApiError && e.code === 'ONCHAIN_QUOTE_EXPIRED';

/** One line of the quote's two-column summary: the label, and the value on the right. */
function QuoteLine({
  label,
  fw,
  testId,
  children,
}: {
  label: string;
  fw?: number;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={fw} ta="right" data-testid={testId}>
        {children}
      </Text>
    </>
  );
}
