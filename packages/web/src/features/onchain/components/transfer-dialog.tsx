import { Modal } from '@mantine/core';
import { ONCHAIN_FIAT } from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/index.ts';
import { QuoteCountdown } from '../../../shared/ui/quote-countdown.tsx';
import { useCountdown } from '../../../shared/ui/use-countdown.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';
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
import { TransferConfirmStep } from './transfer-confirm-step.tsx';
import { emptyTransferForm, type TransferFormState, TransferRequestForm } from './transfer-request-form.tsx';
import { TransferResult } from './transfer-result.tsx';

const QUOTE_TTL_SECONDS = 30;

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
  const info = useOnchainInfo();
  const crypto = useCryptoWallets();
  const fiat = useFiatWallets();
  const quoteCall = useQuote();
  const checkCall = useCheckAddress();
  const challengeCall = useTransferChallenge();
  const createCall = useCreateTransfer();
  const [approving, setApproving] = useState(false);
  const [form, setForm] = useState<TransferFormState>(emptyTransferForm);
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
    setForm(emptyTransferForm);
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
        <TransferResult
          result={result}
          isApproving={approving}
          onApprove={approve}
          onApproveClose={() => setApproving(false)}
          onApproved={setResult}
          onDone={onClose}
        />
      ) : confirming ? (
        <TransferConfirmStep
          networkLabel={networks.find((n) => n.network === form.network)?.label ?? form.network}
          address={form.address.trim()}
          quote={confirming.quote}
          countdown={countdown}
          password={password}
          onPassword={setPassword}
          code={code}
          onCode={setCode}
          canConfirm={!expired}
          isPending={createCall.isPending}
          error={createCall.error}
          onBack={() => setConfirming(null)}
          onConfirm={() => void confirm()}
        />
      ) : (
        <TransferRequestForm
          form={form}
          onForm={setForm}
          assets={info.data?.assets}
          networks={networks}
          payers={payers}
          fiatCurrency={fiatCurrency}
          isPayingFiat={payingFiat}
          quote={quote}
          countdown={countdown}
          quoteError={quoteCall.error}
          check={check}
          addressError={addressError}
          addressWarning={addressWarning}
          challengeError={challengeCall.error}
          canContinue={canContinue}
          isSubmitting={challengeCall.isPending}
          onContinue={toConfirm}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

export const isExpiredError = (e: unknown) => e instanceof ApiError && e.code === 'ONCHAIN_QUOTE_EXPIRED';
