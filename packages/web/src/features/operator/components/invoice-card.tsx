import { Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { type OperatorRecord, useInvoicePaid, useIssueInvoice } from '../api.ts';
import { RecordCard } from './record-card.tsx';

/** The record's invoice: issue it (amount and currency), then mark it paid. */
export function InvoiceCard({ uuid, invoice }: { uuid: string; invoice: OperatorRecord['invoice'] }) {
  const { t } = useTranslation();
  const { money } = useFormat();
  const issue = useIssueInvoice();
  const paid = useInvoicePaid();
  const [invoiceAmount, setInvoiceAmount] = useState('500.00');
  const [invoiceCurrency, setInvoiceCurrency] = useState('EUR');
  return (
    <RecordCard title={t('operator:record.invoice')}>
      {invoice ? (
        <Group justify="space-between">
          <Text size="sm">{`${invoice.number} · ${money(invoice.amount, invoice.currency)}`}</Text>
          <Group gap="xs">
            <Badge color={invoice.status === 'paid' ? 'teal' : 'orange'}>
              {t(`wizard:invoice.status.${invoice.status}`)}
            </Badge>
            {invoice.status === 'issued' ? (
              <Button
                size="xs"
                loading={paid.isPending}
                data-testid="invoice-paid"
                onClick={() => paid.mutate({ params: { uuid }, body: {} })}
              >
                {t('operator:record.markPaid')}
              </Button>
            ) : null}
          </Group>
        </Group>
      ) : (
        <Group align="flex-end">
          <TextInput
            label={t('operator:record.amount')}
            value={invoiceAmount}
            onChange={(e) => setInvoiceAmount(e.currentTarget.value)}
            w={140}
          />
          <TextInput
            label={t('operator:record.currency')}
            value={invoiceCurrency}
            onChange={(e) => setInvoiceCurrency(e.currentTarget.value.toUpperCase())}
            w={90}
            maxLength={3}
          />
          <Button
            leftSection={<IconFileInvoice size={16} />}
            loading={issue.isPending}
            data-testid="invoice-issue"
            onClick={() =>
              issue.mutate({
                params: { uuid },
                body: { amount: invoiceAmount, currency: invoiceCurrency },
              })
            }
          >
            {t('operator:record.issueInvoice')}
          </Button>
        </Group>
      )}
    </RecordCard>
  );
}
