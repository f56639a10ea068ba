import { Button, Group, Tabs } from '@mantine/core';
import { IconCurrencyBitcoin, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../shared/ui/index.ts';
import { CreateDealDialog } from '../components/create-deal-dialog.tsx';
import { CryptoWalletsPanel } from '../components/crypto-wallets-panel.tsx';
import { DealsList } from '../components/deals-list.tsx';
import { oneOf } from '../../../shared/ui/list-params.ts';
import type { SetParams } from '../components/onchain-list.tsx';
import { TransferDialog } from '../components/transfer-dialog.tsx';
import { TransfersList } from '../components/transfers-list.tsx';

/**
 * On-chain (spec §2 menu "Make Onchain Transfer"): transfers with their confirmations counting up,
 * escrow blockchain deals with filters, and the crypto wallets with their deposit addresses.
 * `?dialog=transfer` opens the Make Onchain Transfer dialog, so the menu entry links straight to it.
 */
export function OnchainPage() {
  const { t } = useTranslation('onchainTransfer');
  const [params, setParams] = useSearchParams();
  const tab = oneOf(['transfers', 'deals', 'wallets'] as const, params.get('tab')) ?? 'transfers';
  const set: SetParams = (patch) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) v ? next.set(k, v) : next.delete(k);
        return next;
      },
      { replace: true },
    );
  const [dealDialog, setDealDialog] = useState(false);

  return (
    <Page
      title={t('title')}
      actions={
        <Group gap="xs">
          <Button
            leftSection={<IconCurrencyBitcoin size={16} />}
            onClick={() => set({ dialog: 'transfer' })}
            data-testid="open-transfer"
          >
            {t('actions.newTransfer')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setDealDialog(true)}
            data-testid="open-deal"
          >
            {t('escrow.newDeal')}
          </Button>
        </Group>
      }
    >
      <Tabs
        value={tab}
        onChange={(v) => set({ tab: v ?? undefined, page: undefined, status: undefined })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="transfers" data-testid="tab-transfers">
            {t('tabs.transfers')}
          </Tabs.Tab>
          <Tabs.Tab value="deals" data-testid="tab-deals">
            {t('tabs.deals')}
          </Tabs.Tab>
          <Tabs.Tab value="wallets" data-testid="tab-wallets">
            {t('tabs.wallets')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transfers">
          <TransfersList params={params} set={set} />
        </Tabs.Panel>
        <Tabs.Panel value="deals">
          <DealsList params={params} set={set} />
        </Tabs.Panel>
        <Tabs.Panel value="wallets">
          <CryptoWalletsPanel />
        </Tabs.Panel>
      </Tabs>
      <TransferDialog
        opened={params.get('dialog') === 'transfer'}
        onClose={() => set({ dialog: undefined })}
      />
      <CreateDealDialog
        opened={dealDialog}
        onClose={() => {
          setDealDialog(false);
          set({ tab: 'deals' });
        }}
      />
    </Page>
  );
}
