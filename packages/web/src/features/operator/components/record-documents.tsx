import { Badge, Button, Group, Stack, Table } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState } from '../../../shared/ui/index.ts';
import { type OperatorRecord, useCreateContract } from '../api.ts';
import { OfferForm } from './offer-form.tsx';

interface DocumentRow {
  id: string;
  number: string;
  /** The second column: the offer's date, the contract's kind. */
  detail: string;
  status: string;
}

/** A record's documents of one kind: the create actions, then number, detail and status per document. */
function DocumentsList({
  actions,
  emptyTitle,
  rows,
}: {
  actions: ReactNode;
  emptyTitle: string;
  rows: DocumentRow[];
}) {
  return (
    <Stack>
      <Group justify="flex-end">{actions}</Group>
      {rows.length === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        <Table verticalSpacing="sm">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.number}</Table.Td>
                <Table.Td>{row.detail}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{row.status}</Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The offers of a record (number, date, status) and the form to create one while it has no partner. */
export function RecordOffers({ uuid, record }: { uuid: string; record: OperatorRecord }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const [isOfferOpen, setOfferOpen] = useState(false);
  return (
    <>
      <DocumentsList
        actions={
          <Button
            onClick={() => setOfferOpen(true)}
            data-testid="offer-create"
            disabled={record.record.partner !== null}
          >
            {t('operator:offers.create')}
          </Button>
        }
        emptyTitle={t('wizard:offers.emptyTitle')}
        rows={record.offers.map((o) => ({
          id: o.id,
          number: o.number,
          detail: dateTime(o.created),
          status: t(`wizard:offers.statuses.${o.status}`),
        }))}
      />
      <OfferForm
        uuid={uuid}
        client={record.record.account_name}
        opened={isOfferOpen}
        onClose={() => setOfferOpen(false)}
      />
    </>
  );
}

const CONTRACT_TYPES = ['main', 'supplementary', 'NDA'] as const;

/** The contracts of a record (number, kind, status) and a create button per kind. */
export function RecordContracts({ uuid, record }: { uuid: string; record: OperatorRecord }) {
  const { t } = useTranslation();
  const contract = useCreateContract();
  return (
    <DocumentsList
      actions={CONTRACT_TYPES.map((type) => (
        <Button
          key={type}
          variant={type === 'main' ? 'filled' : 'default'}
          loading={contract.isPending && contract.variables?.body?.type === type}
          data-testid={`contract-create-${type}`}
          onClick={() => contract.mutate({ params: { uuid }, body: { type } })}
        >
          {t('operator:contracts.create', { kind: t(`wizard:contracts.kinds.${type}`) })}
        </Button>
      ))}
      emptyTitle={t('wizard:contracts.emptyTitle')}
      rows={record.contracts.map((c) => ({
        id: c.id,
        number: c.number,
        detail: t(`wizard:contracts.kinds.${c.type}`),
        status: t(`wizard:contracts.statuses.${c.status}`),
      }))}
    />
  );
}
