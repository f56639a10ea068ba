import { Alert, Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { isNegativeAmount, useFormat } from '../../../shared/format/index.ts';
import { byCurrencyOrder } from '../../../shared/format/accounts.ts';
import { useDeferredData } from '../../../shared/api/deferred-data.ts';
import { useAvailableBalances } from '../api.ts';
import { WidgetCard } from '../../../shared/ui/widget-card.tsx';
import classes from './widgets.module.css';

/**
 * Beside other widgets the list fills its card and scrolls beyond this height; on a phone it is as
 * long as it is and the page scrolls. While it loads, the card keeps this height: a company with
 * several accounts fills it, so the widgets below do not move down when the balances arrive
 * (Lighthouse measured a layout shift of 0.136 on a phone with a three-line placeholder).
 */
const LIST_MAX_HEIGHT = 280;

/** Available balance of every account and currency, with the negative-balance notice (spec §2). */
export function BalancesWidget({ hasRights }: { hasRights: boolean }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const { data, loading } = useDeferredData(useAvailableBalances(hasRights));
  const byWallet = new Map<string, { name: string; rows: NonNullable<typeof data>['balances'] }>();
  for (const row of data?.balances ?? []) {
    const entry = byWallet.get(row.uuid) ?? { name: row.ui_name, rows: [] };
    entry.rows.push(row);
    byWallet.set(row.uuid, entry);
  }
  return (
    <WidgetCard
      title={t('balances.title')}
      hasRights={hasRights}
      testId="widget-balances"
      actions={
        <Anchor component={Link} to={href('mi_accounts')} size="xs" style={{ whiteSpace: 'nowrap' }}>
          {t('balances.all')}
        </Anchor>
      }
    >
      {loading ? (
        <Stack gap="xs" mih={LIST_MAX_HEIGHT}>
          <Skeleton height={20} />
          <Skeleton height={20} />
          <Skeleton height={20} />
        </Stack>
      ) : byWallet.size === 0 ? (
        <Text size="sm" c="dimmed">
          {t('balances.empty')}
        </Text>
      ) : (
        <Stack gap="sm" style={{ flex: 1 }}>
          {data?.has_negative ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={16} />}
              p="xs"
              data-testid="negative-notice"
            >
              <Text size="xs">{t('balances.negativeNotice')}</Text>
            </Alert>
          ) : null}
          {/* The browser's own scrolling: Mantine's ScrollArea measured itself after every render. */}
          <div
            data-testid="balances-list"
            className={`${classes.list} ${classes.fillCard}`}
            style={{ '--list-height': `${LIST_MAX_HEIGHT}px` } as CSSProperties}
          >
            <Stack gap="sm">
              {[...byWallet.entries()].map(([uuid, wallet]) => (
                <Stack key={uuid} gap={2}>
                  <Anchor component={Link} to={href('mi_account', { uuid })} size="sm" fw={600} lineClamp={1}>
                    {wallet.name}
                  </Anchor>
                  {byCurrencyOrder(wallet.rows).map((row) => (
                    <Group
                      key={row.currency}
                      justify="space-between"
                      gap="xs"
                      wrap="nowrap"
                      data-testid="available-row"
                      data-wallet={uuid}
                      data-currency={row.currency}
                      data-available={row.available}
                    >
                      <Text size="xs" c="dimmed">
                        {row.currency}
                      </Text>
                      <Text
                        size="sm"
                        ff="monospace"
                        c={isNegativeAmount(row.available, row.currency) ? 'red' : undefined}
                      >
                        {format.money(row.available, row.currency)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              ))}
            </Stack>
          </div>
        </Stack>
      )}
    </WidgetCard>
  );
}
