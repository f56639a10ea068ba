import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { useAccountFormat } from '../../accounts/lib/format.ts';
import { useRecentPayments } from '../api.ts';
import { statusBadgeColor, statusLabelKeys } from './status-colors.ts';
import { WidgetCard } from './widget-card.tsx';

const LIMIT = 8;

/** Most recent money movements of the company. */
export function RecentPaymentsWidget({ hasRights }: { hasRights: boolean }) {
  const { t } = useTranslation('dashboard');
  const format = useAccountFormat();
  const query = useRecentPayments(LIMIT, hasRights);
  const payments = query.data?.payments ?? [];
  return (
    <WidgetCard
      title={t('recent.title')}
      hasRights={hasRights}
      testId="widget-recent"
      actions={
        <Anchor
          component={Link}
          to={href('mi_acc_payments', { workMode: 'list' })}
          size="xs"
          style={{ whiteSpace: 'nowrap' }}
        >
          {t('recent.all')}
        </Anchor>
      }
    >
      {query.isPending ? (
        <Stack gap="xs">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
            <Skeleton key={i} height={22} />
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
              key={p.entry_id}
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
                  <Text size="sm" truncate="end" title={p.counterparty ?? undefined}>
                    {p.counterparty ?? t(`recent.kinds.${p.kind}`, { defaultValue: p.kind })}
                  </Text>
                  <Text
                    size="sm"
                    ff="monospace"
                    fw={500}
                    c={p.direction === 'inbound' ? 'teal' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {format.money(p.amount, p.currency)}
                  </Text>
                </Group>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed" truncate="end">
                    {format.date(p.value_date)} · {p.wallet_name}
                  </Text>
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
