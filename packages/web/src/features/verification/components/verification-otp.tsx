import { Button, Group, Paper, PinInput, Stack, Text } from '@mantine/core';
import { apiRoutes, buildPath } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch, callApi, notifyError } from '../../../shared/api/index.ts';

interface VerificationOtpProps {
  uuid: string;
  contactUuid: string;
  /** Called with the verification token once the code is confirmed. */
  onToken: (token: string) => void;
}

/** The first step: a one-time code sent to the person, exchanged for a verification token. */
export function VerificationOtp({ uuid, contactUuid, onToken }: VerificationOtpProps) {
  const { t } = useTranslation();
  const [isCodeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');

  const sendCode = useMutation({
    mutationFn: () =>
      callApi(apiRoutes.otpGenerate, {
        params: { type: 'initial_verification' },
        body: { acc_uuid: uuid, contact_uuid: contactUuid },
      }),
    onSuccess: () => setCodeSent(true),
    onError: (error) => notifyError(error, t),
  });
  const confirm = useMutation({
    mutationFn: () =>
      apiFetch<{ token: string }>(
        'POST',
        buildPath(apiRoutes.otpToken.path, { kind: 'initial_verification' }),
        {
          body: { acc_uuid: uuid, contact_uuid: contactUuid, otp_code: code },
        },
      ),
    onSuccess: (answer) => onToken(answer.token),
    onError: (error) => {
      setCode('');
      notifyError(error, t);
    },
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md" align="flex-start">
        <Text size="sm">
          {isCodeSent ? t('wizard:verification.codeSent') : t('wizard:verification.otpIntro')}
        </Text>
        {isCodeSent ? (
          <>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              data-testid="otp-input"
              aria-label={t('wizard:login.code')}
            />
            <Group>
              <Button
                data-testid="otp-confirm"
                onClick={() => confirm.mutate()}
                disabled={code.length !== 6}
                loading={confirm.isPending}
              >
                {t('wizard:login.confirm')}
              </Button>
              <Button variant="subtle" onClick={() => sendCode.mutate()} loading={sendCode.isPending}>
                {t('wizard:login.resend')}
              </Button>
            </Group>
          </>
        ) : (
          <Button onClick={() => sendCode.mutate()} loading={sendCode.isPending} data-testid="send-code">
            {t('wizard:verification.sendCode')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
