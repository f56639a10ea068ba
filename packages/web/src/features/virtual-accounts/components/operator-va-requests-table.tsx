import { Button, Group, Table, Text } from '@mantine/core';
import type { VaRequestStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import type { OperatorVaDecide, OperatorVaRequestRow } from '../hooks/use-operator-va-requests.ts';
import { VaRequestStatusBadge } from './va-status-badge.tsx';

/** The operator's VA requests: who asked for what, with documents to read and approve / decline. */
export function OperatorVaRequestsTable({
  rows,
  decide,
  onReview,
  onDecline,
}: {
  rows: OperatorVaRequestRow[];
  decide: OperatorVaDecide;
  onReview: (uuid: string) => void;
  onDecline: (uuid: string) => void;
}) {
  const { t } = useTranslation('virtualAccounts');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing={6} data-testid="op-va-requests">
        <ListHead
          columns={[
            t('operator.company'),
            t('columns.customer'),
            t('columns.status'),
            t('columns.number'),
            {},
          ]}
        />
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.uuid} data-testid="op-va-request">
              <Table.Td>{r.company_name}</Table.Td>
              <Table.Td>
                <Text size="sm">{r.customer_name}</Text>
                <Text size="xs" c="dimmed">
                  {t(`clientType.${r.client_type}`)} · {r.client_customer_id}
                </Text>
              </Table.Td>
              <Table.Td>
                <VaRequestStatusBadge status={r.status as VaRequestStatus} />
                {r.warning ? (
                  <Text size="xs" c="orange">
                    {t(`errors:${r.warning}`)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ff="monospace">{r.iban_number ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onReview(r.uuid)}
                    data-testid="op-va-documents"
                  >
                    {t('documents.title')}
                  </Button>
                  {r.status === 'created' || r.status === 'pending' ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        loading={decide.isPending}
                        onClick={() =>
                          decide.mutate(
                            { params: { uuid: r.uuid }, body: { decision: 'approve' } },
                            { onSuccess: () => notifySuccess(t('operator.approved')) },
                          )
                        }
                        data-testid="op-va-approve"
                      >
                        {t('operator.approve')}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => onDecline(r.uuid)}
                        data-testid="op-va-decline"
                      >
                        {t('operator.decline')}
                      </Button>
                    </Group>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
