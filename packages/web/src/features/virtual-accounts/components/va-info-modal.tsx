import { Alert, Loader, Modal, Table } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/index.ts';
import { useVaInfo, type VirtualAccountRow } from '../api.ts';

/** Banking details of a VA; while the simulated bank sync runs the server says to retry (spec §8). */
export function VaInfoModal({
  va,
  walletId,
  onClose,
}: {
  va: VirtualAccountRow;
  walletId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('virtualAccounts');
  const info = useVaInfo();
  const { mutate } = info;
  useEffect(() => {
    mutate({ params: { walletId, vaId: Number(va.id) } });
  }, [mutate, walletId, va.id]);
  const details = info.data?.virtual_account;
  const isSyncing = info.error instanceof ApiError && info.error.code === 'VA_BANKING_DETAILS_SYNCING';
  const rows: [string, string | null][] = details
    ? [
        ['number', details.iban_number ?? details.number],
        ['accHolderName', details.accHolderName],
        ['bank', details.bank],
        ['bankAddress', details.bankAddress],
        ['bic', details.bic],
        ['sortCode', details.sortCode],
        ['bsbCode', details.bsbCode],
        ['accNumber', details.accNumber],
        ['companyNumber', details.companyNumber],
      ]
    : [];
  return (
    <Modal opened onClose={onClose} title={t('info.title')} centered data-testid="va-info-modal">
      {info.isPending ? <Loader size="sm" /> : null}
      {info.error ? (
        <Alert color={isSyncing ? 'yellow' : 'red'} data-testid="va-info-error">
          {errorMessage(info.error, t)}
        </Alert>
      ) : null}
      {details ? (
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {rows
              .filter((r): r is [string, string] => r[1] !== null && r[1] !== '')
              .map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Td c="dimmed">{t(`info.${key}`)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Modal>
  );
}
