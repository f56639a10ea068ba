import { Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/ui/index.ts';
import { InvitationsPanel } from './invitations-panel.tsx';
import { MaintenancePanel } from './maintenance-panel.tsx';
import { MembershipPanel } from './membership-panel.tsx';
import { useToolCompanies } from './tools-api.ts';
import { WalletStatusPanel } from './wallet-status-panel.tsx';

/** Operator console tools (issue 18): maintenance, wallet status, memberships, invitation codes. */
export function OperatorToolsPage() {
  const { t } = useTranslation();
  const companies = useToolCompanies();
  const [merchantId, setMerchantId] = useState<string | null>(null);
  return (
    <Page title={t('operatorTools:title')} description={t('operatorTools:description')}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <MaintenancePanel />
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Select
              label={t('operatorTools:company.label')}
              placeholder={t('operatorTools:company.placeholder')}
              searchable
              value={merchantId}
              onChange={setMerchantId}
              data={(companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))}
              data-testid="tools-company"
            />
            {merchantId ? null : (
              <Text size="sm" c="dimmed" mt="xs">
                {t('operatorTools:company.none')}
              </Text>
            )}
          </Paper>
          {merchantId ? (
            <>
              <WalletStatusPanel merchantId={merchantId} />
              <InvitationsPanel merchantId={merchantId} />
              <MembershipPanel merchantId={merchantId} />
            </>
          ) : null}
        </Stack>
      </SimpleGrid>
    </Page>
  );
}
