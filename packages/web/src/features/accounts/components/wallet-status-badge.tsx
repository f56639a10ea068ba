import { Badge } from '@mantine/core';
import { WALLET_STATUS, type WalletStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const COLORS = { active: 'teal', disabled: 'yellow', closed: 'gray' } as const satisfies Record<
  WalletStatus,
  string
>;

export const walletStatusName = (code: number): WalletStatus =>
  (Object.entries(WALLET_STATUS).find(([, value]) => value === code)?.[0] as WalletStatus | undefined) ??
  'closed';

export function WalletStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('wallets');
  const name = walletStatusName(status);
  return (
    <Badge variant="light" color={COLORS[name]} radius="sm" data-testid="wallet-status">
      {t(`status.${name}`)}
    </Badge>
  );
}
