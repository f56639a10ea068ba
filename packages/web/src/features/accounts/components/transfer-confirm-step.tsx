import { Button, Group, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconArrowDown, IconCircleCheck, IconList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/index.ts';
import { formatIban, useFormat } from '../../../shared/format/index.ts';
import { href } from '../../../shared/routes/route-names.ts';
import { ChallengeExpiry, useChallengeCredentials } from '../../../shared/ui/challenge.tsx';
import { ConfirmationForm } from '../../../shared/ui/confirmation-form.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { useCountdown } from '../../../shared/ui/use-countdown.ts';
import type { TransferConfirmation, WalletTransfer } from '../api.ts';

type Side = TransferConfirmation['from'];

/** One account of the transfer: its name and IBAN. */
function Account({ label, side, testId }: { label: string; side: Side; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{side.name}</Text>
      {side.iban ? (
        <Text size="sm" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {formatIban(side.iban)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The strong confirmation of a transfer (design §7): exactly what the server's challenge holds —
 * both accounts, amount, fee, reference, balance after — then password and authenticator code.
 */
export function TransferConfirmStep({
  confirmation: c,
  isPending,
  error,
  onBack,
  onConfirm,
}: {
  confirmation: TransferConfirmation;
  isPending: boolean;
  error: unknown;
  onBack: () => void;
  onConfirm: (password: string, code: string) => void;
}) {
  const { t } = useTranslation('wallets');
  const { dateTime } = useFormat();
  const { password, setPassword, code, setCode } = useChallengeCredentials(c.challenge_id, error);
  const secondsLeft = useCountdown(c.expires_at);
  const isExpired = secondsLeft === 0;
  return (
    <ConfirmationForm
      labels={{
        password: t('payments:confirm.password'),
        code: t('payments:confirm.code'),
        codeHint: t('payments:confirm.codeHint'),
        back: t('payments:confirm.back'),
        confirm: t('transfer.confirm.submit'),
      }}
      password={password}
      onPassword={setPassword}
      code={code}
      onCode={setCode}
      testIdPrefix="transfer-confirm"
      canConfirm={!isExpired}
      isPending={isPending}
      errorText={error ? errorMessage(error, t) : null}
      onBack={onBack}
      onConfirm={() => onConfirm(password, code)}
      autoFocus
      gap="md"
    >
      <Stack gap={2} align="center">
        <Money
          amount={c.amount}
          currency={c.currency}
          fz={30}
          fw={700}
          data-testid="transfer-confirm-amount"
        />
        <Text size="sm" c="dimmed">
          {t('transfer.confirm.instant')}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Account label={t('transfer.from')} side={c.from} testId="transfer-confirm-from" />
        <IconArrowDown size={16} aria-hidden />
        <Account label={t('transfer.to')} side={c.to} testId="transfer-confirm-to" />
      </Stack>
      <Table withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td c="dimmed" w="45%">
              {t('transfer.confirm.fee')}
            </Table.Td>
            <Table.Td>
              <Money amount={c.fee} currency={c.currency} />
            </Table.Td>
          </Table.Tr>
          {c.reference ? (
            <Table.Tr>
              <Table.Td c="dimmed">{t('transfer.reference')}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{c.reference}</Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Td c="dimmed">{t('transfer.confirm.availableAfter')}</Table.Td>
            <Table.Td>
              <Money amount={c.available_after} currency={c.currency} />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <ChallengeExpiry
        isExpired={isExpired}
        expiredText={t('payments:confirm.expired')}
        expiresInText={t('payments:confirm.expiresIn', {
          seconds: secondsLeft,
          time: dateTime(c.expires_at),
        })}
      />
    </ConfirmationForm>
  );
}

/** After the transfer: it is done, both accounts already show it. */
export function TransferResult({ transfer, onClose }: { transfer: WalletTransfer; onClose: () => void }) {
  const { t } = useTranslation('wallets');
  return (
    <Stack align="center" gap="md" ta="center" data-testid="transfer-result">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={40} />
      </ThemeIcon>
      <Money amount={transfer.amount} currency={transfer.currency} fz={28} fw={700} />
      <Text>{t('transfer.result.moved', { from: transfer.from.name, to: transfer.to.name })}</Text>
      <Group justify="center">
        <Button
          component={Link}
          to={href(
            'mi_acc_payments',
            { workMode: 'list' },
            { payment: transfer.debit_payment_id, period: 'today' },
          )}
          variant="light"
          leftSection={<IconList size={16} />}
          onClick={onClose}
        >
          {t('transfer.result.view')}
        </Button>
        <Button onClick={onClose} data-testid="transfer-done">
          {t('transfer.result.close')}
        </Button>
      </Group>
    </Stack>
  );
}
