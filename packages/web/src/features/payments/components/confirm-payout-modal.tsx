import { Modal, Stack, Table, Text } from '@mantine/core';
import { fromMinor, isCurrencyCode, tryToMinor } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.ts';
import { ChallengeExpiry, useChallengeCredentials } from '../../../shared/ui/challenge.tsx';
import { ConfirmationForm } from '../../../shared/ui/confirmation-form.tsx';
import { useCountdown } from '../../../shared/ui/use-countdown.ts';
import { formatAccountNumber, formatIban, formatSortCode, useFormat } from '../../../shared/format/index.ts';
import type { Confirmation } from '../api.ts';
import { Money } from '../../../shared/ui/money.tsx';

/** Requisites as the formatting module writes them: IBAN by 4, sort code 20-20-15. */
function displayRequisite(field: string, value: string): string {
  if (field === 'iban') return formatIban(value);
  if (field === 'sortCode') return formatSortCode(value);
  if (field === 'accountNumber') return formatAccountNumber(value);
  return value;
}

/** Total debit (amount + fee) and what stays on the account, exact in minor units. */
function totals(confirmation: Confirmation, availableBefore: string | null) {
  const { currency } = confirmation;
  if (!isCurrencyCode(currency)) return null;
  const amount = tryToMinor(confirmation.amount, currency);
  const fee = tryToMinor(confirmation.fee, currency);
  if (!amount.ok || !fee.ok) return null;
  const total = amount.value + fee.value;
  const before = availableBefore === null ? null : tryToMinor(availableBefore, currency);
  return {
    total: fromMinor(total, currency),
    after: before?.ok ? fromMinor(before.value - total, currency) : null,
  };
}

/**
 * Strong customer authentication of a pay-out (design §7): the user sees exactly what the server's
 * challenge holds and confirms it with the password and the 6-digit code of the authenticator app.
 */
export function ConfirmPayoutModal({
  confirmation,
  availableBefore = null,
  isPending,
  error,
  onConfirm,
  onClose,
}: {
  confirmation: Confirmation | null;
  /** Available balance of the source account in the payment's currency, for "balance after". */
  availableBefore?: string | null;
  isPending: boolean;
  error: unknown;
  onConfirm: (password: string, code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const { password, setPassword, code, setCode } = useChallengeCredentials(confirmation?.challenge_id, error);
  const secondsLeft = useCountdown(confirmation?.expires_at);
  const isExpired = confirmation !== null && secondsLeft === 0;
  const sums = confirmation ? totals(confirmation, availableBefore) : null;
  const requisites = Object.entries(confirmation?.requisites ?? {}).filter(
    (entry): entry is [string, string] =>
      typeof entry[1] === 'string' && entry[1] !== '' && entry[0] !== 'payee',
  );

  return (
    <Modal
      opened={confirmation !== null}
      onClose={onClose}
      title={t('payments:confirm.title')}
      centered
      size="lg"
      closeOnClickOutside={false}
      data-testid="confirm-payout"
    >
      {confirmation ? (
        <ConfirmationForm
          labels={{
            password: t('payments:confirm.password'),
            code: t('payments:confirm.code'),
            codeHint: t('payments:confirm.codeHint'),
            back: t('payments:confirm.back'),
            confirm: t('payments:confirm.submit'),
          }}
          password={password}
          onPassword={setPassword}
          code={code}
          onCode={setCode}
          testIdPrefix="confirm"
          submitTestId="confirm-submit"
          canConfirm={!isExpired}
          isPending={isPending}
          errorText={error ? errorMessage(error, t) : null}
          onBack={onClose}
          onConfirm={() => onConfirm(password, code)}
          autoFocus
          gap="md"
        >
          <Stack gap={2} align="center">
            <Money amount={confirmation.amount} currency={confirmation.currency} fz={30} fw={700} />
            <Text size="sm" c="dimmed">
              {t('payments:confirm.to', { payee: confirmation.payee, method: confirmation.method_label })}
            </Text>
          </Stack>
          <Table withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              {requisites.map(([field, value]) => (
                <Table.Tr key={field}>
                  <Table.Td c="dimmed" w="40%">
                    {t(`payments:fields.${field}`)}
                  </Table.Td>
                  <Table.Td
                    ff="monospace"
                    style={field === 'iban' ? { whiteSpace: 'nowrap' } : undefined}
                    data-testid={`confirm-${field}`}
                  >
                    {displayRequisite(field, value)}
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td c="dimmed">{t('payments:confirm.fee')}</Table.Td>
                <Table.Td>
                  <Money amount={confirmation.fee} currency={confirmation.currency} />
                </Table.Td>
              </Table.Tr>
              {sums ? (
                <Table.Tr>
                  <Table.Td c="dimmed">{t('payments:summary.total')}</Table.Td>
                  <Table.Td>
                    <Money amount={sums.total} currency={confirmation.currency} fw={700} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {sums?.after ? (
                <Table.Tr>
                  <Table.Td c="dimmed">{t('payments:summary.balanceAfter')}</Table.Td>
                  <Table.Td>
                    <Money amount={sums.after} currency={confirmation.currency} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
          <ChallengeExpiry
            isExpired={isExpired}
            expiredText={t('payments:confirm.expired')}
            expiresInText={t('payments:confirm.expiresIn', {
              seconds: secondsLeft,
              time: dateTime(confirmation.expires_at),
            })}
          />
        </ConfirmationForm>
      ) : null}
    </Modal>
  );
}
