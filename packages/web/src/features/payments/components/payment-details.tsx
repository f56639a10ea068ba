import { Divider, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import type { PaymentView } from '../api.ts';
import { counterpartyName } from '../model.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { counterpartyAccount } from './payments-table.tsx';

export interface PaymentHistoryStep {
  status: string;
  at: string;
  actor: string | null;
  note: string | null;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The payment's counterparty, reference, amounts, dates and internal id. */
export function PaymentDetailFields({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const client = payment.corresponding_client;
  return (
    <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
      <Field label={t('tableColumns:counterparty')}>
        <Text size="sm" fw={600}>
          {counterpartyName(payment, t) || '—'}
        </Text>
        {counterpartyAccount(payment) ? (
          <Text size="xs" ff="monospace" c="dimmed">
            {counterpartyAccount(payment)}
          </Text>
        ) : null}
        {client.bic ? (
          <Text size="xs" ff="monospace" c="dimmed">
            {client.bic}
          </Text>
        ) : null}
      </Field>
      <Field label={t('tableColumns:reference')}>
        <Text size="sm" data-testid="payment-reference">
          {payment.comments || '—'}
        </Text>
      </Field>
      <Field label={t('tableColumns:gross')}>
        <Money amount={payment.gross_amount} currency={payment.currency} />
      </Field>
      <Field label={t('tableColumns:fee')}>
        <Money amount={payment.fee_amount} currency={payment.currency} />
      </Field>
      <Field label={t('tableColumns:net')}>
        <Money amount={payment.net_amount} currency={payment.currency} />
      </Field>
      <Field label={t('tableColumns:created')}>{dateTime(payment.creation_date)}</Field>
      <Field label={t('tableColumns:captured')}>
        {payment.capture_date ? dateTime(payment.capture_date) : '—'}
      </Field>
      <Field label={t('tableColumns:charged')}>
        {payment.charge_date ? dateTime(payment.charge_date) : '—'}
      </Field>
      <Field label={t('tableColumns:settled')}>
        {payment.settlement_date ? dateTime(payment.settlement_date) : '—'}
      </Field>
      {/* The client's own ids from a pain.001 file, to reconcile in their ERP (issue 35). */}
      {(
        [
          ['endToEndId', 'payment-end-to-end-id', payment.end_to_end_id],
          ['instructionId', 'payment-instruction-id', payment.instruction_id],
        ] as const
      ).map(([label, testId, value]) =>
        value ? (
          <Field key={label} label={t(`payments:details.${label}`)}>
            <Text size="sm" ff="monospace" data-testid={testId} style={{ wordBreak: 'break-all' }}>
              {value}
            </Text>
          </Field>
        ) : null,
      )}
      <Field label={t('payments:details.internalId')}>
        <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {payment.reference_uuid}
        </Text>
      </Field>
    </SimpleGrid>
  );
}

/** The payment's status history, oldest first; nothing while it has none. */
export function PaymentHistoryTimeline({ history }: { history: PaymentHistoryStep[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  if (history.length === 0) return null;
  return (
    <>
      <Divider label={t('payments:details.history')} labelPosition="left" />
      <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
        {history.map((step) => (
          <Timeline.Item
            key={`${step.status}-${step.at}`}
            title={t(`payments:status.${step.status}`, { defaultValue: step.status })}
          >
            <Text size="xs" c="dimmed">
              {dateTime(step.at)}
              {step.actor ? ` · ${step.actor}` : ''}
            </Text>
            {step.note ? <Text size="xs">{step.note}</Text> : null}
          </Timeline.Item>
        ))}
      </Timeline>
    </>
  );
}
