import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Paper,
  PinInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { apiRoutes, buildPath, canStartVerification } from '@portal/domain';
import { IconExternalLink, IconRefresh, IconShieldCheck, IconSignature } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiFetch, callApi, notifyError, notifySuccess } from '../../../shared/api/index.ts';
import { SignDialog } from '../../boarding/components/sign-dialog.tsx';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { MeetingAnswer } from '../components/meeting-answer.tsx';
import {
  readVerificationToken,
  storeVerificationToken,
  usePassportCheck,
  useRecheckVerification,
  useSignQuestionnaire,
  useStartVerification,
  useVerificationMe,
} from '../api.ts';

interface Passport {
  first_name: string;
  last_name: string;
  birth_date: string;
  email: string;
  document_number: string;
}

const statusColor = {
  none: 'gray',
  PENDING: 'blue',
  ACCEPTED: 'teal',
  DECLINED: 'red',
  DECLINED_AML: 'red',
  UNKNOWN: 'orange',
} as const;

/** `verification` (/verifications/:uuid/:role/:contactUuid): OTP, passport check, ID & facial check, questionnaire, meetings. */
export function VerificationPage() {
  const { t } = useTranslation();
  const { uuid = '', contactUuid = '' } = useParams();
  const [token, setToken] = useState(() => readVerificationToken(contactUuid));
  const [isCodeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const me = useVerificationMe(contactUuid, token);
  const passport = usePassportCheck(token);
  const start = useStartVerification(token);
  const recheck = useRecheckVerification(token);
  const signQ = useSignQuestionnaire(token);
  const [isSigning, setSigning] = useState(false);
  const form = useForm<Passport>({
    defaultValues: { first_name: '', last_name: '', birth_date: '', email: '', document_number: '' },
  });

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
    onSuccess: (answer) => {
      storeVerificationToken(contactUuid, answer.token);
      setToken(answer.token);
    },
    onError: (error) => {
      setCode('');
      notifyError(error, t);
    },
  });

  const data = me.data;
  const active =
    !token || !data ? 0 : !data.passport_checked ? 1 : data.verification_status !== 'ACCEPTED' ? 2 : 3;

  return (
    <Center py="xl">
      <Stack w="100%" maw={760} gap="lg">
        <title>{t('wizard:verification.title')}</title>
        <Stack gap={4}>
          <Title order={2}>{t('wizard:verification.title')}</Title>
          <Text c="dimmed">
            {data
              ? t('wizard:verification.for', {
                  name: `${data.person.first_name} ${data.person.last_name}`,
                  company: data.account_name,
                })
              : t('wizard:verification.description')}
          </Text>
        </Stack>
        <Stepper active={active} size="sm" wrap={false} allowNextStepsSelect={false}>
          <Stepper.Step label={t('wizard:verification.steps.otp')} />
          <Stepper.Step label={t('wizard:verification.steps.passport')} />
          <Stepper.Step label={t('wizard:verification.steps.idFacial')} />
          <Stepper.Step label={t('wizard:verification.steps.done')} />
        </Stepper>
        {!token ? (
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
                <Button
                  onClick={() => sendCode.mutate()}
                  loading={sendCode.isPending}
                  data-testid="send-code"
                >
                  {t('wizard:verification.sendCode')}
                </Button>
              )}
            </Stack>
          </Paper>
        ) : me.isLoading ? (
          <Skeleton h={240} radius="md" />
        ) : data ? (
          <>
            <Group gap="xs">
              <Text size="sm">{t('wizard:verification.status')}</Text>
              <Badge color={statusColor[data.verification_status]} data-testid="verification-status">
                {t(`wizard:verificationStatus.${data.verification_status}`)}
              </Badge>
            </Group>
            {data.message ? <Alert color="red">{data.message}</Alert> : null}
            {!data.passport_checked ? (
              <Paper withBorder radius="md" p="lg">
                <form noValidate onSubmit={form.handleSubmit((body) => passport.mutate({ body }))}>
                  <Stack gap="sm">
                    <Text fw={600}>{t('wizard:verification.passportTitle')}</Text>
                    <Text size="sm" c="dimmed">
                      {t('wizard:verification.passportText')}
                    </Text>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput
                        label={t('wizard:person.first_name')}
                        {...form.register('first_name', { required: true })}
                      />
                      <TextInput
                        label={t('wizard:person.last_name')}
                        {...form.register('last_name', { required: true })}
                      />
                      <Controller
                        control={form.control}
                        name="birth_date"
                        rules={{ required: true }}
                        render={({ field }) => (
                          <DateField
                            label={t('wizard:person.birth_date')}
                            name="birth_date"
                            value={field.value}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                          />
                        )}
                      />
                      <TextInput
                        label={t('wizard:person.email')}
                        type="email"
                        {...form.register('email', { required: true })}
                      />
                      <TextInput
                        label={t('wizard:person.document.number')}
                        {...form.register('document_number', { required: true })}
                      />
                    </SimpleGrid>
                    <Group justify="flex-end">
                      <Button type="submit" loading={passport.isPending} data-testid="passport-submit">
                        {t('wizard:verification.passportSubmit')}
                      </Button>
                    </Group>
                  </Stack>
                </form>
              </Paper>
            ) : data.verification_status !== 'ACCEPTED' ? (
              <Paper withBorder radius="md" p="lg">
                <Stack gap="sm">
                  <Text fw={600}>{t('wizard:verification.idTitle')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('wizard:verification.idText')}
                  </Text>
                  <Group>
                    {canStartVerification(data.verification_status) ? (
                      <Button
                        leftSection={<IconShieldCheck size={16} />}
                        loading={start.isPending}
                        data-testid="verification-start"
                        onClick={() =>
                          start.mutate(
                            {},
                            { onSuccess: (answer) => window.open(answer.hosted_url, '_blank', 'noopener') },
                          )
                        }
                      >
                        {data.verification_status === 'none'
                          ? t('wizard:verification.start')
                          : t('wizard:verification.again')}
                      </Button>
                    ) : null}
                    <Button
                      variant="default"
                      leftSection={<IconRefresh size={16} />}
                      loading={recheck.isPending}
                      onClick={() => recheck.mutate({})}
                      data-testid="verification-recheck"
                    >
                      {t('wizard:verification.recheck')}
                    </Button>
                    <IconExternalLink size={16} opacity={0.5} />
                  </Group>
                </Stack>
              </Paper>
            ) : (
              <Alert color="teal" icon={<IconShieldCheck size={18} />}>
                {t('wizard:verification.passed')}
              </Alert>
            )}
            {data.questionnaire_required && data.verification_status === 'ACCEPTED' ? (
              <Paper withBorder radius="md" p="lg">
                <Group justify="space-between">
                  <Text size="sm">
                    {data.questionnaire_signed
                      ? t('wizard:verification.questionnaireSigned')
                      : t('wizard:verification.questionnaireText')}
                  </Text>
                  {data.questionnaire_signed ? null : (
                    <Button
                      leftSection={<IconSignature size={16} />}
                      onClick={() => setSigning(true)}
                      data-testid="questionnaire-sign"
                    >
                      {t('wizard:verification.questionnaireSign')}
                    </Button>
                  )}
                </Group>
              </Paper>
            ) : null}
            {data.meetings.length > 0 ? (
              <Stack gap="sm">
                <Title order={4}>{t('wizard:meetings.title')}</Title>
                {data.meetings.map((m) => (
                  <MeetingAnswer key={m.id} meeting={m} inviteeType="contact" inviteeId={contactUuid} />
                ))}
              </Stack>
            ) : null}
            <SignDialog
              opened={isSigning}
              title={t('wizard:verification.questionnaireSign')}
              description={t('wizard:verification.questionnaireText')}
              isPending={signQ.isPending}
              onClose={() => setSigning(false)}
              onSign={(signature) =>
                signQ.mutate(
                  { body: { signature } },
                  {
                    onSuccess: () => {
                      setSigning(false);
                      notifySuccess(t('wizard:verification.questionnaireSigned'));
                    },
                  },
                )
              }
            />
          </>
        ) : (
          <Button
            variant="default"
            onClick={() => {
              storeVerificationToken(contactUuid, null);
              setToken(null);
            }}
          >
            {t('wizard:verification.restart')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
