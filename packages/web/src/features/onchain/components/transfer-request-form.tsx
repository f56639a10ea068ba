import {
  Alert,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ONCHAIN_ASSETS, ONCHAIN_FIAT } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import type { OnchainQuote, useCheckAddress, useOnchainInfo } from '../api.ts';
import { TransferQuoteSummary } from './transfer-confirm-step.tsx';

export interface TransferFormState {
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

export const emptyTransferForm: TransferFormState = {
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

type OnchainAssets = NonNullable<ReturnType<typeof useOnchainInfo>['data']>['assets'];
type AddressCheck = ReturnType<typeof useCheckAddress>['data'];

/**
 * The first step of the transfer dialog: asset, network and paying wallet; the coin or the fiat
 * amount; the receiver address with its check (an error, or a warning to accept); comments; the
 * quote with its countdown once there is one. Submitting asks for the confirmation challenge.
 */
export function TransferRequestForm({
  form,
  onForm: setForm,
  assets,
  networks,
  payers,
  fiatCurrency,
  isPayingFiat,
  quote,
  countdown,
  quoteError,
  check,
  addressError,
  addressWarning,
  challengeError,
  canContinue,
  isSubmitting,
  onContinue,
  onCancel,
}: {
  form: TransferFormState;
  onForm: Dispatch<SetStateAction<TransferFormState>>;
  assets: OnchainAssets | undefined;
  networks: OnchainAssets[number]['networks'];
  payers: { value: string; label: string }[];
  fiatCurrency: string;
  isPayingFiat: boolean;
  quote: OnchainQuote | null;
  countdown: ReactNode;
  quoteError: Error | null;
  check: AddressCheck;
  addressError: string | null | undefined;
  addressWarning: string | null | undefined;
  challengeError: Error | null;
  canContinue: boolean;
  isSubmitting: boolean;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('onchainTransfer');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (canContinue) onContinue();
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
              const first = assets?.find((a) => a.asset === asset)?.networks[0]?.network ?? 'ethereum';
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
            error={quoteError ? errorMessage(quoteError, t) : undefined}
            data-testid="onchain-amount"
          />
          {!isPayingFiat ? (
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
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="onchain-address-warning">
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
        {quote ? <TransferQuoteSummary quote={quote} /> : null}
        {quote ? countdown : null}
        {challengeError ? (
          <Alert color="red" data-testid="onchain-error">
            {errorMessage(challengeError, t)}
          </Alert>
        ) : null}
        <DialogActions
          cancelLabel={t('dialog.cancel')}
          onCancel={onCancel}
          submitLabel={t('dialog.continue')}
          isSubmitDisabled={!canContinue}
          isSubmitting={isSubmitting}
          submitTestId="onchain-continue"
        />
      </Stack>
    </form>
  );
}
