import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Drawer,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCopy, IconMail } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { usePayinCandidates, usePaymentRequest, usePaymentRequestAction } from '../api.ts';
import { RequestStatusBadge } from './request-status-badge.tsx';

/** One request: copy link and QR of the hosted page, pay-ins matched, actions (cancel, refund, e-mail, match). */
export function RequestDetails({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('paymentRequests');
  const { money, dateTime } = useFormat();
  const answer = usePaymentRequest(id);
  const r = answer.data?.payment_request;
  const payins = answer.data?.payins ?? [];
  const call = { params: { id: id ?? '' } };
  const cancel = usePaymentRequestAction('paymentRequestCancel');
  const refund = usePaymentRequestAction('paymentRequestRefund');
  const email = usePaymentRequestAction('paymentRequestSendEmail');
  const match = usePaymentRequestAction('paymentRequestMatch');
  const canMatch = !!r?.actions.includes('match');
  const candidates = usePayinCandidates(id ?? '', !!id && canMatch);
  const [chosen, setChosen] = useState<string | null>(null);
  const done = (key: string) => notifications.show({ color: 'teal', message: t(key) });

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={r ? `${r.reference} · ${r.payment_reference}` : t('details.title')}
      data-testid="pr-details"
    >
      {!r ? (
        <Loader />
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <RequestStatusBadge status={r.status} late={r.late_payment} />
            <Text fw={600} ff="monospace" data-testid="pr-details-amount">
              {r.amount === null ? t('list.openAmount') : money(r.amount, r.currency)}
            </Text>
          </Group>
          {r.late_payment ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="pr-late">
              {t('details.late')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Fact label={t('fields.customerName')} value={r.customer_name} />
            <Fact label={t('fields.customerEmail')} value={r.customer_email} />
            <Fact label={t('details.received')} value={money(r.paid_amount, r.currency)} testId="pr-paid" />
            <Fact label={t('fields.expiresAt')} value={dateTime(r.expires_at)} />
            <Fact label={t('details.created')} value={dateTime(r.created_at)} />
            <Fact label={t('details.emailed')} value={r.emailed_at ? dateTime(r.emailed_at) : '—'} />
            <Fact
              label={t('fields.collectTo')}
              value={
                r.virtual_account
                  ? t('fields.collectToVa', {
                      number: r.virtual_account.iban ?? r.virtual_account.number,
                      name: r.virtual_account.customer_name,
                    })
                  : t('fields.collectToAccount')
              }
              testId="pr-collect-to"
            />
          </SimpleGrid>
          {r.description ? <Text size="sm">{r.description}</Text> : null}
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs" align="center">
              <QRCodeSVG value={r.link} size={148} marginSize={1} title={t('details.qrAlt')} />
              <Anchor
                href={r.link}
                target="_blank"
                size="xs"
                style={{ wordBreak: 'break-all' }}
                data-testid="pr-link"
              >
                {r.link}
              </Anchor>
              <Group gap="xs">
                <CopyButton value={r.link}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={copy}>
                      {copied ? t('details.copied') : t('details.copyLink')}
                    </Button>
                  )}
                </CopyButton>
                {r.actions.includes('send_email') ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconMail size={14} />}
                    loading={email.isPending}
                    onClick={() => email.mutate(call, { onSuccess: () => done('details.emailDone') })}
                  >
                    {t('actions.sendEmail')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Paper>
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('details.payins')}
            </Text>
            {payins.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('details.noPayins')}
              </Text>
            ) : (
              <Table fz="sm" data-testid="pr-payins">
                <Table.Tbody>
                  {payins.map((p) => (
                    <Table.Tr key={p.payment_id}>
                      <Table.Td>{dateTime(p.matched_at)}</Table.Td>
                      <Table.Td>{p.payer_name}</Table.Td>
                      <Table.Td>{t(`matchedBy.${p.matched_by}`)}</Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {money(p.amount, p.currency)}
                        {p.refunded ? ` · ${t('details.refunded')}` : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
          {canMatch ? (
            <Group align="flex-end" gap="xs" wrap="wrap">
              <Select
                label={t('details.matchLabel')}
                placeholder={t('details.matchPlaceholder')}
                data={(candidates.data?.payins ?? []).map((p) => ({
                  value: p.payment_id,
                  label: `${p.payer_name} · ${money(p.amount, p.currency)}`,
                }))}
                value={chosen}
                onChange={setChosen}
                nothingFoundMessage={t('details.noCandidates')}
                miw={240}
                style={{ flex: 1 }}
              />
              <Button
                variant="light"
                disabled={!chosen}
                loading={match.isPending}
                onClick={() =>
                  chosen &&
                  match.mutate(
                    { ...call, body: { payment_id: chosen } },
                    {
                      onSuccess: () => {
                        setChosen(null);
                        done('details.matchDone');
                      },
                    },
                  )
                }
              >
                {t('actions.match')}
              </Button>
            </Group>
          ) : null}
          <Group justify="flex-end" gap="xs">
            {r.actions.includes('cancel') ? (
              <Button
                color="red"
                variant="light"
                loading={cancel.isPending}
                onClick={() => cancel.mutate(call, { onSuccess: () => done('details.cancelDone') })}
                data-testid="pr-cancel"
              >
                {t('actions.cancel')}
              </Button>
            ) : null}
            {r.actions.includes('refund') ? (
              <Button
                color="orange"
                variant="light"
                loading={refund.isPending}
                onClick={() =>
                  refund.mutate({ ...call, body: {} }, { onSuccess: () => done('details.refundDone') })
                }
                data-testid="pr-refund"
              >
                {t('actions.refund')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
