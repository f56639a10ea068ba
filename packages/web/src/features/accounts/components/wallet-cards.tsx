import { Badge, Group, Text } from '@mantine/core';
import type { WalletRow } from '@portal/domain';
import { IconSubtask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { CardList, ListCard } from '../../../shared/ui/index.ts';
import { displayIban } from '../../../shared/format/accounts.ts';
import { BalanceList } from './balance-list.tsx';
import { WalletStatusBadge } from './wallet-status-badge.tsx';

/**
 * Accounts on a phone: one card per account — name and balances, then the IBAN and status.
 * Tapping a card opens the account's details (what the table's name link and expansion show).
 */
export function WalletCards({ wallets }: { wallets: WalletRow[] }) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  return (
    <CardList testId="wallet-cards">
      {wallets.map((wallet) => {
        const first = wallet.ibans[0];
        return (
          <ListCard
            key={wallet.uuid}
            data={{ 'data-uuid': wallet.uuid }}
            onOpen={() => void navigate(href('mi_account', { uuid: wallet.uuid }))}
            openLabel={t('list.openDetailsOf', { name: wallet.ui_name })}
            title={
              <>
                <Text size="sm" fw={600} lineClamp={2} data-testid="wallet-name">
                  {wallet.ui_name}
                </Text>
                {wallet.is_subaccount || wallet.subaccounts_quantity > 0 ? (
                  <Group gap={4} c="dimmed" mt={2} wrap="nowrap">
                    {wallet.is_subaccount ? (
                      <Badge size="xs" variant="outline" color="gray">
                        {t('list.subaccount')}
                      </Badge>
                    ) : (
                      <>
                        <IconSubtask size={14} />
                        <Text size="xs">{t('list.subaccounts', { count: wallet.subaccounts_quantity })}</Text>
                      </>
                    )}
                  </Group>
                ) : null}
              </>
            }
            aside={<BalanceList balances={wallet.balances} />}
            meta={
              first ? (
                <Text size="xs" c="dimmed" ff="monospace" truncate="end" data-testid="wallet-iban">
                  {displayIban(first.iban_number)}
                  {wallet.ibans.length > 1 ? ` +${wallet.ibans.length - 1}` : ''}
                </Text>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('list.noIban')}
                </Text>
              )
            }
            status={<WalletStatusBadge status={wallet.status} />}
          />
        );
      })}
    </CardList>
  );
}
