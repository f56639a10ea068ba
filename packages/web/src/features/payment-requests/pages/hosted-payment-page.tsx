import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBuildingBank, IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useHostedPayment, useSimulatePay } from '../api.ts';
import { RequestStatusBadge } from '../components/request-status-badge.tsx';

/**
 * Public hosted payment page (/pay/<token>, no login): what to pay, the bank details and the unique
 * reference to quote, an EPC QR code for EUR (SEPA) requests, and — while the processing simulator
 * is on — a "pay by bank (simulator)" button.
 */
export function HostedPaymentPage() {
  const { t } = useTranslation('paymentRequests');
  const { money, dateTime, iban } = useFormat();
  const token = useParams().token ?? '';
  const hosted = useHostedPayment(token);
  const simulate = useSimulatePay(token);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const p = hosted.data?.payment;

  if (hosted.isLoading) return <Loader />;
  if (!p)
    return (
      <Alert color="red" title={t('hosted.invalidTitle')} data-testid="hosted-invalid">
        {t('errors:PAYMENT_LINK_INVALID')}
      </Alert>
    );

  const due = p.amount === null ? null : p.amount;
  const pay = () =>
    simulate.mutate(
      { params: { token }, body: due === null && amount.trim() ? { amount } : {} },
      {
        onError: (e) => setAmountError(e instanceof ApiError ? e.fields.amount : undefined),
        onSuccess: () => setAmountError(undefined),
      },
    );

  return (
    <Stack gap="md" data-testid="hosted-page">
      <title>{t('hosted.title', { merchant: p.merchant_name })}</title>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('hosted.requestFrom')}
        </Text>
        <Title order={3}>{p.merchant_name}</Title>
      </Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {p.merchant_reference}
            {p.description ? ` · ${p.description}` : ''}
          </Text>
          <Text fz={28} fw={700} ff="monospace" data-testid="hosted-amount">
            {due === null ? t('hosted.openAmount') : money(due, p.currency)}
          </Text>
        </Stack>
        <RequestStatusBadge status={p.status} />
      </Group>
      {p.status === 'paid' || p.status === 'overpaid' ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="hosted-paid">
          {t('hosted.paid', { amount: money(p.paid_amount, p.currency) })}
        </Alert>
      ) : null}
      {p.status === 'partially_paid' ? (
        <Alert color="yellow">{t('hosted.partial', { amount: money(p.paid_amount, p.currency) })}</Alert>
      ) : null}
      {!p.payable && p.status !== 'paid' && p.status !== 'overpaid' ? (
        <Alert color="gray" data-testid="hosted-closed">
          {t('hosted.closed')}
        </Alert>
      ) : null}
      {p.payable ? (
        <>
          <Divider label={t('hosted.bankTransfer')} labelPosition="left" />
          <Stack gap="xs">
            <Detail label={t('hosted.beneficiary')} value={p.beneficiary_name} />
            {p.account_number ? (
              <>
                {p.sort_code ? (
                  <Detail label={t('hosted.sortCode')} value={p.sort_code} copy={p.sort_code} />
                ) : null}
                <Detail
                  label={t('hosted.accountNumber')}
                  value={p.account_number}
                  copy={p.account_number}
                  testId="hosted-account-number"
                />
              </>
            ) : (
              <Detail
                label={p.virtual_account ? t('hosted.vaIban') : t('hosted.iban')}
                value={iban(p.iban)}
                copy={p.iban}
                testId="hosted-iban"
              />
            )}
            {p.bic ? <Detail label={t('hosted.bic')} value={p.bic} copy={p.bic} /> : null}
            <Detail
              label={t('hosted.reference')}
              value={p.payment_reference}
              copy={p.payment_reference}
              testId="hosted-reference"
              strong
            />
            <Text size="xs" c="dimmed">
              {t('hosted.referenceHint', { expires: dateTime(p.expires_at) })}
            </Text>
          </Stack>
          {p.epc_qr ? (
            <Stack gap={4} align="center" data-testid="hosted-epc">
              <QRCodeSVG value={p.epc_qr} size={180} marginSize={2} level="M" title={t('hosted.qrAlt')} />
              <Text size="xs" c="dimmed" ta="center">
                {t('hosted.qrHint')}
              </Text>
            </Stack>
          ) : null}
          {p.simulator ? (
            <>
              <Divider label={t('hosted.simulator')} labelPosition="left" />
              <Group align="flex-end" gap="xs" wrap="wrap">
                {/* The simulator pays exactly the amount due; only an open amount is typed. */}
                {due === null ? (
                  <TextInput
                    label={t('hosted.simulatorAmount')}
                    value={amount}
                    onChange={(e) => setAmount(e.currentTarget.value)}
                    error={amountError}
                    inputMode="decimal"
                    style={{ flex: 1 }}
                    miw={140}
                    data-testid="hosted-sim-amount"
                  />
                ) : null}
                <Button
                  leftSection={<IconBuildingBank size={16} />}
                  onClick={pay}
                  loading={simulate.isPending}
                  data-testid="hosted-pay-sim"
                >
                  {t('hosted.payBySimulator')}
                </Button>
              </Group>
            </>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

function Detail({
  label,
  value,
  copy,
  testId,
  strong,
}: {
  label: string;
  value: string;
  copy?: string;
  testId?: string;
  strong?: boolean;
}) {
  const { t } = useTranslation('paymentRequests');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text
          size="sm"
          ff="monospace"
          fw={strong ? 700 : 400}
          data-testid={testId}
          style={{ wordBreak: 'break-all' }}
        >
          {value}
        </Text>
      </Stack>
      {copy ? (
        <CopyButton value={copy}>
          {({ copied, copy: doCopy }) => (
            <ActionIcon
              variant="subtle"
              onClick={doCopy}
              aria-label={`${t('hosted.copy')}: ${label}`}
              title={copied ? t('details.copied') : t('hosted.copy')}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          )}
        </CopyButton>
      ) : null}
    </Group>
  );
}
