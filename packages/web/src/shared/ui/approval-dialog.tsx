import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { type ApprovalConfirmation, type ApprovalProofBody, MFA_CODE_LENGTH } from '@portal/domain';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/index.ts';
import { formatAmount, formatIban, useFormat } from '../format/index.ts';
import { sha512Hex } from '../security/password-digest.ts';
import { ChallengeExpiry } from './challenge.tsx';
import { ConfirmationFields } from './confirmation-fields.tsx';
import { useCountdown } from './use-countdown.ts';

/** Above drawers (the payment drawer opens approvals too). */
const ABOVE_DRAWER = 400;

const showAccount = (account: string) =>
  /^[A-Z]{2}\d{2}[A-Z0-9]{8,}$/.test(account) ? formatIban(account) : account;

export interface ApprovalDialogProps {
  /** Opens the dialog for this set (any string that changes per set); null keeps it closed. */
  openKey: string | null;
  title: string;
  intro: string;
  /** Column titles where "payee" and "account" read better otherwise (an exchange, a network). */
  columns?: { payee?: string; account?: string };
  /** How a payee reads when it is a code (an on-chain transfer's network: Ethereum, not `ethereum`). */
  payeeLabel?: (payee: string) => string;
  /**
   * Asks the server for the confirmation of exactly this set. `count` is the number of payments
   * it covers when a line stands for several (a batch shows one line per currency).
   */
  requestChallenge: () => Promise<ApprovalConfirmation & { count?: number }>;
  /** Sends the approval with the proof; resolves when it is done (the caller notifies and closes). */
  approve: (proof: ApprovalProofBody) => Promise<void>;
  onClose: () => void;
  testId?: string;
}

/**
 * Approval is strong customer authentication (issue 17), one dialog for pay-outs, exchanges and
 * on-chain transfers: the approver sees each item (payee, account, amount) and the totals per
 * currency exactly as the server's challenge binds them, and confirms with the password and the
 * authenticator code.
 */
export function ApprovalDialog(props: ApprovalDialogProps) {
  const { t } = useTranslation();
  const { dateTime, locale } = useFormat();
  const [confirmation, setConfirmation] = useState<(ApprovalConfirmation & { count?: number }) | null>(null);
  const [loading, setLoading] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const secondsLeft = useCountdown(confirmation?.expires_at);

  // Each opening asks for a fresh confirmation of exactly this set.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one challenge per opening
  useEffect(() => {
    setConfirmation(null);
    setError(null);
    setPassword('');
    setCode('');
    if (props.openKey === null) return;
    let live = true;
    setLoading(true);
    props
      .requestChallenge()
      .then((c) => live && setConfirmation(c))
      .catch((e: unknown) => live && setError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [props.openKey]);

  const isExpired = confirmation !== null && secondsLeft === 0;
  const isReady =
    confirmation !== null && password.length > 0 && code.length === MFA_CODE_LENGTH && !isExpired && !sending;

  const submit = async () => {
    if (!confirmation || !isReady) return;
    setSending(true);
    setError(null);
    try {
      await props.approve({
        challenge_id: confirmation.challenge_id,
        password: await sha512Hex(password),
        secret_code: code,
      });
    } catch (e) {
      setError(e);
      // A wrong code is cleared so the next one can be typed.
      setCode('');
    } finally {
      setSending(false);
    }
  };

  const testId = props.testId ?? 'approve';
  return (
    <Modal
      opened={props.openKey !== null}
      onClose={props.onClose}
      title={props.title}
      centered
      size="lg"
      zIndex={ABOVE_DRAWER}
      closeOnClickOutside={false}
      data-testid={`${testId}-dialog`}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{props.intro}</Text>
          {loading ? (
            <Group justify="center">
              <Loader size="sm" />
            </Group>
          ) : null}
          {confirmation ? (
            <>
              <Table.ScrollContainer minWidth={320} mah={260}>
                <Table verticalSpacing={4} data-testid={`${testId}-items`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{props.columns?.payee ?? t('common:approval.payee')}</Table.Th>
                      <Table.Th>{props.columns?.account ?? t('common:approval.account')}</Table.Th>
                      <Table.Th ta="right">{t('common:approval.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {confirmation.items.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Td>{props.payeeLabel ? props.payeeLabel(item.payee) : item.payee}</Table.Td>
                        <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                          {showAccount(item.account)}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                          {formatAmount(item.amount, item.currency, locale)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="space-between" align="flex-start" data-testid={`${testId}-totals`}>
                <Text size="sm" c="dimmed">
                  {t('common:approval.total', { count: confirmation.count ?? confirmation.items.length })}
                </Text>
                <Stack gap={0} align="flex-end">
                  {confirmation.totals.map((total) => (
                    <Text key={total.currency} ff="monospace" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {formatAmount(total.amount, total.currency, locale)}
                    </Text>
                  ))}
                </Stack>
              </Group>
              <ChallengeExpiry
                isExpired={isExpired}
                expiredText={t('common:approval.expired')}
                expiresInText={t('common:approval.expiresIn', {
                  seconds: secondsLeft,
                  time: dateTime(confirmation.expires_at),
                })}
              />
              <ConfirmationFields
                passwordLabel={t('common:approval.password')}
                codeLabel={t('common:approval.code')}
                password={password}
                onPassword={setPassword}
                code={code}
                onCode={setCode}
                testIdPrefix={testId}
              />
            </>
          ) : null}
          {error ? (
            <Alert color="red" data-testid={`${testId}-error`}>
              {error instanceof Error ? errorMessage(error, t) : null}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button variant="default" onClick={props.onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconShieldLock size={16} />}
              disabled={!isReady}
              loading={sending}
              data-testid={`confirm-${testId}`}
            >
              {t('common:approval.approve')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
