import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useDeferredData } from '../../../shared/api/deferred-data.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { type ListFilters, usePaymentsList } from '../../payments/api.ts';
import { counterpartyName } from '../../payments/index.ts';
import { statusBadgeColor, statusLabelKeys } from './status-colors.ts';
import { WidgetCard } from '../../../shared/ui/widget-card.tsx';

const LIMIT = 10;
/**
 * The widget shows the first rows of the payments list (all periods, newest created first), and
 * its "All payments" link opens that same list: what the widget showed is there (issue 19).
 */
const ALL_PAYMENTS: ListFilters = { direction: 'any', sort_param: 'creation_date', sort_order: 'desc' };
export const ALL_PAYMENTS_HREF = `${href('mi_acc_payments', { workMode: 'list' })}?period=all`;

/** Most recent payments of the company: created date, and the settlement date where settled. */
export function RecentPaymentsWidget({ hasRights }: { hasRights: boolean }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const { data, loading } = useDeferredData(usePaymentsList('all', ALL_PAYMENTS, 1, LIMIT, hasRights));
  const payments = data?.payments ?? [];
  return (
    <WidgetCard
      title={t('recent.title')}
      hasRights={hasRights}
      testId="widget-recent"
      actions={
        <Anchor
          component={Link}
          to={ALL_PAYMENTS_HREF}
          data-testid="recent-all"
          size="xs"
          style={{ whiteSpace: 'nowrap' }}
        >
          {t('recent.all')}
        </Anchor>
      }
    >
      {loading ? (
        // As many rows, as tall, as the list usually draws (name line, two date lines), so the
        // widgets below do not jump when it arrives.
        <Stack gap={0} aria-busy="true">
          {Array.from({ length: LIMIT }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
            <Stack key={i} gap={2} py={6}>
              <Skeleton height={20} />
              <Skeleton height={35} />
            </Stack>
          ))}
        </Stack>
      ) : payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('recent.empty')}
        </Text>
      ) : (
        <Stack gap={0} data-testid="recent-list">
          {payments.map((p, index) => (
            <Group
              key={p.id}
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              py={6}
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              {p.direction === 'inbound' ? (
                <IconArrowDownLeft
                  size={16}
                  color="var(--mantine-color-teal-6)"
                  aria-label={t('recent.inbound')}
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
              ) : (
                <IconArrowUpRight
                  size={16}
                  color="var(--mantine-color-orange-6)"
                  aria-label={t('recent.outbound')}
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
              )}
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" truncate="end" title={counterpartyName(p, t) || undefined}>
                    {counterpartyName(p, t) ||
                      t(`recent.kinds.${p.direction === 'inbound' ? 'payin' : 'payout'}`)}
                  </Text>
                  <Text
                    size="sm"
                    ff="monospace"
                    fw={500}
                    c={p.direction === 'inbound' ? 'teal' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {format.money(p.gross_amount, p.currency)}
                  </Text>
                </Group>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="xs" c="dimmed" truncate="end">
                      {t('recent.created', { date: format.dateTime(p.creation_date) })}
                    </Text>
                    {p.settlement_date ? (
                      <Text size="xs" c="dimmed" truncate="end">
                        {t('recent.settled', { date: format.date(p.settlement_date) })}
                      </Text>
                    ) : null}
                  </Stack>
                  <Badge
                    size="xs"
                    variant="light"
                    color={statusBadgeColor(p.status)}
                    style={{ flexShrink: 0 }}
                  >
                    {t(statusLabelKeys(p.status))}
                  </Badge>
                </Group>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
