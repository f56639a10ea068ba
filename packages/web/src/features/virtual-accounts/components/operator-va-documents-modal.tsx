import { Modal, Stack, Text } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/index.ts';
import { OPERATOR_VA_KEY } from '../hooks/use-operator-va-requests.ts';
import { VaDocumentsList } from './va-documents.tsx';

/** The documents a company attached to a request, for staff to read before deciding. */
export function OperatorVaDocumentsModal({ uuid, onClose }: { uuid: string | null; onClose: () => void }) {
  const { t } = useTranslation('virtualAccounts');
  const request = useApiQuery(
    apiRoutes.opVaRequestGet,
    { params: { uuid: uuid ?? '' } },
    { queryKey: [...OPERATOR_VA_KEY, 'request', uuid], enabled: uuid !== null },
  );
  const r = request.data?.iban_request;
  return (
    <Modal opened={uuid !== null} onClose={onClose} title={t('documents.title')} centered size="lg">
      {r && r.uuid === uuid ? (
        <Stack gap="xs" data-testid="op-va-documents-modal">
          <Text size="sm" c="dimmed">
            {`${r.company_name} · ${r.customer_name}`}
          </Text>
          <VaDocumentsList who="operator" requestUuid={r.uuid} documents={r.documents} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('documents.loading')}
        </Text>
      )}
    </Modal>
  );
}
