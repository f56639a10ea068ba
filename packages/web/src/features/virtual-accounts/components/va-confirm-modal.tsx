import { Alert, Button, Group, Modal, PasswordInput, PinInput, Stack, Table, Text } from '@mantine/core';
import { MFA_CODE_LENGTH } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.ts';
import type { VaConfirmation } from '../api.ts';

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
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per challenge
  useEffect(() => {
    setPassword('');
    setCode('');
  }, [confirmation?.challenge_id]);
  useEffect(() => {
    if (error) setCode('');
  }, [error]);
  const isReady = password.length > 0 && code.length === MFA_CODE_LENGTH;
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
        <form
          onSubmit={(e) => {
            e.preventDefault();
            // React events bubble through the portal: without this the request form around the
            // modal would submit too and ask for a second, needless challenge.
            e.stopPropagation();
            if (isReady) onConfirm(password, code);
          }}
        >
          <Stack gap="md">
            <Table withRowBorders={false} verticalSpacing={4}>
              <Table.Tbody>
                {Object.entries(confirmation.summary)
                  .filter(([, v]) => v !== '')
                  .map(([key, value]) => (
                    <Table.Tr key={key}>
                      <Table.Td c="dimmed">{t(`virtualAccounts:confirm.summary.${key}`)}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
            <PasswordInput
              label={t('virtualAccounts:confirm.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              data-testid="va-confirm-password"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('virtualAccounts:confirm.code')}
              </Text>
              <PinInput
                length={MFA_CODE_LENGTH}
                type="number"
                oneTimeCode
                value={code}
                onChange={setCode}
                data-testid="va-confirm-code"
              />
            </Stack>
            {error ? (
              <Alert color="red" data-testid="va-confirm-error">
                {errorMessage(error, t)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('virtualAccounts:actions.back')}
              </Button>
              <Button type="submit" disabled={!isReady} loading={isPending} data-testid="va-confirm-submit">
                {t('virtualAccounts:confirm.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
