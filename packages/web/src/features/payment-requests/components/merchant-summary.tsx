import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { usePaymentRequests } from '../api.ts';
import { useServiceCode } from '../service-code.ts';

/**
 * The dashboard's MerchantService part (issue 14): open and paid payment requests at a glance with
 * the way to the pay-in terminal. AccountService companies do not see it.
 */
export function MerchantSummary() {
  const serviceCode = useServiceCode();
  if (serviceCode !== 'MerchantService') return null;
  return <Summary />;
}

function Summary() {
  const { t } = useTranslation('paymentRequests');
  const open = usePaymentRequests({ status: 'open' }, 1, 1);
  const paid = usePaymentRequests({ status: 'paid' }, 1, 1);
  return (
    <Paper withBorder radius="md" p="md" data-testid="merchant-summary">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xl" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('summary.open')}
            </Text>
            <Text fw={700} fz="xl">
              {open.data?.total ?? '—'}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('summary.paid')}
            </Text>
            <Text fw={700} fz="xl">
              {paid.data?.total ?? '—'}
            </Text>
          </Stack>
        </Group>
        <Button
          component={Link}
          to={href('payinTerminal')}
          variant="light"
          leftSection={<IconReceipt size={16} />}
        >
          {t('summary.open_terminal')}
        </Button>
      </Group>
    </Paper>
  );
}
