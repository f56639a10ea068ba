import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconList, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import type { PaymentView } from '../api.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { StatusBadge } from './status-badge.tsx';

/** After a confirmed pay-out: what was created and what happens next. */
export function PayoutResult({ payment, onAnother }: { payment: PaymentView; onAnother: () => void }) {
  const { t } = useTranslation();
  const next = payment.status === 'created' ? 'payments:result.needsApproval' : 'payments:result.onItsWay';
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" data-testid="payout-result">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={3}>{t('payments:result.title')}</Title>
        <Money amount={payment.gross_amount} currency={payment.currency} fz={28} fw={700} />
        <Text c="dimmed">
          {t('payments:result.to', {
            payee: payment.corresponding_client.name,
            method: payment.original_pm_label,
          })}
        </Text>
        <StatusBadge status={payment.status} />
        <Text size="sm">{t(next)}</Text>
        {payment.comments ? (
          <Text size="sm">{t('payments:details.referenceIs', { reference: payment.comments })}</Text>
        ) : null}
        <Group>
          <Button
            component={Link}
            to={href('mi_acc_payments', { workMode: 'list' }, { payment: payment.id, period: 'today' })}
            variant="light"
            leftSection={<IconList size={16} />}
          >
            {t('payments:result.view')}
          </Button>
          <Button onClick={onAnother} leftSection={<IconPlus size={16} />}>
            {t('payments:result.another')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
