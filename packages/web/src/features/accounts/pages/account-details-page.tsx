import { ActionIcon, Anchor, Button, Group, Menu, SimpleGrid, Skeleton, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { RIGHT_ACTIONS } from '@portal/domain';
import {
  IconArrowLeft,
  IconArrowsRightLeft,
  IconChevronDown,
  IconFileCertificate,
  IconFileDollar,
  IconFileText,
  IconPencil,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useRights } from '../../../shared/session/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { useWallet } from '../api.ts';
import { BalancesCard } from '../components/balances-card.tsx';
import { DailyBalancesByAccount } from '../components/daily-balances-by-account.tsx';
import { IbansCard } from '../components/ibans-card.tsx';
import { VirtualAccountsCard } from '../../virtual-accounts/index.ts';
import { SubaccountsCard } from '../components/subaccounts-card.tsx';
import { WalletStatusBadge } from '../components/wallet-status-badge.tsx';
import { FeeStatementDialog } from '../forms/fee-statement-form.tsx';
import { RenameDialog } from '../forms/rename-form.tsx';
import { StatementDialog } from '../forms/statement-form.tsx';
import { TransferDialog } from '../forms/transfer-dialog.tsx';
import { VerificationLetterDialog } from '../forms/verification-letter-form.tsx';

/** Route `mi_account` (/acclst/:uuid): one account with IBANs, sub-accounts, balances and documents. */
export function AccountDetailsPage() {
  const { t } = useTranslation('wallets');
  const { uuid = '' } = useParams();
  const query = useWallet(uuid);
  const [renameOpened, rename] = useDisclosure(false);
  const [statementOpened, statement] = useDisclosure(false);
  const [feeOpened, fee] = useDisclosure(false);
  const [letterOpened, letter] = useDisclosure(false);
  const [transferOpened, transfer] = useDisclosure(false);
  const canTransfer = useRights().has(RIGHT_ACTIONS.create);
  const wallet = query.data?.wallet;

  const back = (
    <Anchor component={Link} to={href('mi_accounts')} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('details.back')}
      </Group>
    </Anchor>
  );

  if (query.isPending)
    return (
      <Stack gap="lg" data-testid="account-loading">
        {back}
        <Skeleton height={36} width={320} />
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Skeleton height={260} />
          <Skeleton height={260} />
        </SimpleGrid>
      </Stack>
    );

  if (!wallet)
    return (
      <Stack gap="lg">
        {back}
        <EmptyState title={t('details.notFoundTitle')} description={t('details.notFoundText')}>
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </EmptyState>
      </Stack>
    );

  const currencies = wallet.wallet_balance.map((b) => b.currency);
  const ibans = wallet.ibans.map((i) => i.iban_number);

  return (
    <Stack gap="md">
      {back}
      <Page
        title={wallet.ui_name}
        actions={
          <Group gap="xs">
            {canTransfer ? (
              <Button
                variant="light"
                leftSection={<IconArrowsRightLeft size={16} />}
                onClick={transfer.open}
                data-testid="open-transfer"
              >
                {t('transfer.open')}
              </Button>
            ) : null}
            <Button
              leftSection={<IconFileText size={16} />}
              onClick={statement.open}
              data-testid="open-statement"
            >
              {t('details.actions.statement')}
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  rightSection={<IconChevronDown size={14} />}
                  data-testid="more-documents"
                >
                  {t('details.actions.documents')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconFileDollar size={16} />}
                  onClick={fee.open}
                  data-testid="open-fee"
                >
                  {t('details.actions.feeStatement')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconFileCertificate size={16} />}
                  onClick={letter.open}
                  data-testid="open-letter"
                >
                  {t('details.actions.letter')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        }
      >
        <Group gap="sm" mt={-8}>
          <WalletStatusBadge status={wallet.status} />
          <Tooltip label={t('rename.title')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={rename.open}
              aria-label={t('rename.title')}
              data-testid="rename"
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <BalancesCard balances={wallet.wallet_balance} />
        <IbansCard walletId={wallet.id} />
        <VirtualAccountsCard walletId={wallet.id} walletUuid={wallet.uuid} />
        <SubaccountsCard walletId={wallet.id} />
        <DailyBalancesByAccount walletId={wallet.id} />
      </Page>

      <RenameDialog
        opened={renameOpened}
        onClose={rename.close}
        walletId={wallet.id}
        walletUuid={wallet.uuid}
        currentName={wallet.ui_name}
      />
      {statementOpened ? (
        <StatementDialog
          opened
          onClose={statement.close}
          walletUuid={wallet.uuid}
          walletName={wallet.ui_name}
          currencies={currencies}
        />
      ) : null}
      {feeOpened ? (
        <FeeStatementDialog opened onClose={fee.close} walletUuid={wallet.uuid} walletName={wallet.ui_name} />
      ) : null}
      {transferOpened ? <TransferDialog opened onClose={transfer.close} fromWalletId={wallet.id} /> : null}
      {letterOpened ? (
        <VerificationLetterDialog
          opened
          onClose={letter.close}
          walletUuid={wallet.uuid}
          ibans={ibans}
          currencies={currencies}
        />
      ) : null}
    </Stack>
  );
}
