import { Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../../shared/api/index.ts';
import { formatIban } from '../../../shared/format/index.ts';
import { vaActionLabel, vaReasonLabel } from '../../../shared/i18n/code-labels.ts';
import { useChallengeCredentials } from '../../../shared/ui/challenge.tsx';
import { ConfirmationForm } from '../../../shared/ui/confirmation-form.tsx';
import type { VaConfirmation } from '../api.ts';

/** A summary value as the user reads it: codes get their meaning, an IBAN its groups of four. */
function summaryValue(t: TFunction, key: string, value: string): string {
  switch (key) {
    case 'type':
      return t(`virtualAccounts:clientType.${value}`, { defaultValue: value });
    case 'action':
      return vaActionLabel(t, value);
    case 'reason':
      return vaReasonLabel(t, value);
    case 'iban':
    case 'number':
      // A VA number is an IBAN or a local account number; only an IBAN is grouped by four.
      return /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(value) ? formatIban(value) : value;
    default:
      return value;
  }
}

/**
 * Strong customer authentication of a VA request or action (design §7): the summary the server's
 * challenge holds, confirmed with the password and the authenticator code.
 */
export function VaConfirmModal({
  confirmation,
  isPending,
  error,
  onConfirm,
  onClose,
}: {
  confirmation: VaConfirmation | null;
  isPending: boolean;
  error: unknown;
  onConfirm: (password: string, code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { password, setPassword, code, setCode } = useChallengeCredentials(confirmation?.challenge_id, error);
  return (
    <Modal
      opened={confirmation !== null}
      onClose={onClose}
      title={t('virtualAccounts:confirm.title')}
      centered
      closeOnClickOutside={false}
      data-testid="va-confirm"
    >
      {confirmation ? (
        <ConfirmationForm
          labels={{
            password: t('virtualAccounts:confirm.password'),
            code: t('virtualAccounts:confirm.code'),
            back: t('virtualAccounts:actions.back'),
            confirm: t('virtualAccounts:confirm.submit'),
          }}
          password={password}
          onPassword={setPassword}
          code={code}
          onCode={setCode}
          testIdPrefix="va-confirm"
          submitTestId="va-confirm-submit"
          canConfirm
          isPending={isPending}
          errorText={error ? errorMessage(error, t) : null}
          onBack={onClose}
          onConfirm={() => onConfirm(password, code)}
          gap="md"
        >
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {Object.entries(confirmation.summary)
                .filter(([, v]) => v !== '')
                .map(([key, value]) => (
                  <Table.Tr key={key}>
                    <Table.Td c="dimmed">{t(`virtualAccounts:confirm.summary.${key}`)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{summaryValue(t, key, value)}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </ConfirmationForm>
      ) : null}
    </Modal>
  );
}
