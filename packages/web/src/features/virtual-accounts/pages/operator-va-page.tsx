import { Group, Paper, Select, Title } from '@mantine/core';
import { VA_REQUEST_STATUSES, type VaRequestStatus } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyProfile } from '../../../shared/freshness/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { OperatorVaDeclineModal } from '../components/operator-va-decline-modal.tsx';
import { OperatorVaDocumentsModal } from '../components/operator-va-documents-modal.tsx';
import { OperatorVaGroupsPanel } from '../components/operator-va-groups-panel.tsx';
import { OperatorVaPayInPanel } from '../components/operator-va-payin-panel.tsx';
import { OperatorVaRequestsTable } from '../components/operator-va-requests-table.tsx';
import { useOperatorVaRequests } from '../hooks/use-operator-va-requests.ts';

/** Operator console: review VA requests, assign VA groups to companies, simulate a pay-in to a VA. */
export function OperatorVaPage() {
  const { t } = useTranslation('virtualAccounts');
  const { status, setStatus, requests, decide } = useOperatorVaRequests();
  const [declining, setDeclining] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const rows = requests.data?.iban_requests ?? [];
  // The simulator's VA pay-in is a control of the admin group only (issue 34): other staff never see it.
  const mayPayIn = useMyProfile().data?.user.current_group === 'admin';

  return (
    <Page title={t('operator.title')}>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={3} size="h4">
            {t('operator.requests')}
          </Title>
          <Select
            w={220}
            placeholder={t('filters.any')}
            clearable
            data={VA_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`requestStatus.${s}`) }))}
            value={status}
            onChange={(v) => setStatus((v as VaRequestStatus | null) ?? null)}
            data-testid="op-va-status"
          />
        </Group>
        {rows.length === 0 ? (
          <EmptyState title={t('requests.empty')} />
        ) : (
          <OperatorVaRequestsTable
            rows={rows}
            decide={decide}
            onReview={setReviewing}
            onDecline={setDeclining}
          />
        )}
      </Paper>
      <OperatorVaDocumentsModal uuid={reviewing} onClose={() => setReviewing(null)} />
      <OperatorVaGroupsPanel />
      {mayPayIn ? <OperatorVaPayInPanel /> : null}
      <OperatorVaDeclineModal uuid={declining} decide={decide} onClose={() => setDeclining(null)} />
    </Page>
  );
}
