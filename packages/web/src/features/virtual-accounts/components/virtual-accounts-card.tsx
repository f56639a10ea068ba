import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useVaList } from '../api.ts';

/** Entry to the wallet's virtual accounts from the account details screen. */
export function VirtualAccountsCard({ walletId, walletUuid }: { walletId: number; walletUuid: string }) {
  const { t } = useTranslation('virtualAccounts');
  const list = useVaList(walletId, 1, { sort_param: 'created', sort_order: 'desc' });
  return (
    <Paper withBorder radius="md" p="md" data-testid="va-card">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4">
            {t('title')}
          </Title>
          {list.data ? <Badge variant="light">{list.data.quantity}</Badge> : null}
        </Group>
        <Button
          component={Link}
          to={href('mi_virtual_accounts', { uuid: walletUuid })}
          variant="light"
          rightSection={<IconArrowRight size={16} />}
          data-testid="va-open"
        >
          {t('open')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {t('cardHint')}
      </Text>
    </Paper>
  );
}
