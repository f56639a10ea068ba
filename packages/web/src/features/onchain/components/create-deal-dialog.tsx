import { Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ESCROW_TTL_HOURS, ONCHAIN_ASSETS, ONCHAIN_FIAT } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { useCreateDeal, useOnchainInfo } from '../api.ts';
import { WarningOrError } from './deal-dialog-parts.tsx';

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
