import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useSubordinates } from '../api.ts';
import { BalanceList } from './balance-list.tsx';
import { WalletStatusBadge } from './wallet-status-badge.tsx';

/** Sub-accounts hanging under this wallet (GET /wallets/subordinates/:id). */
export function SubaccountsCard({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
  const query = useSubordinates(walletId);
  const wallets = query.data?.wallets ?? [];
  return (
    <Paper withBorder radius="md" p="md" data-testid="subaccounts-card">
      <Title order={3} size="h4" mb="sm">
        {t('details.subaccounts')}
      </Title>
      {query.isPending ? (
        <Skeleton height={28} />
      ) : wallets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('details.noSubaccounts')}
        </Text>
      ) : (
        <Stack gap="sm">
          {wallets.map((wallet) => (
            <Group key={wallet.uuid} justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Anchor component={Link} to={href('mi_account', { uuid: wallet.uuid })} fw={500} size="sm">
                  {wallet.ui_name}
                </Anchor>
                <WalletStatusBadge status={wallet.status} />
              </Stack>
              <BalanceList balances={wallet.balances} />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
