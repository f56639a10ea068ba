import { Alert, Badge, Button, Center, Group, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useVerificationMe } from '../api.ts';
import { IdCheckPanel } from '../components/id-check-panel.tsx';
import { MeetingAnswer } from '../components/meeting-answer.tsx';
import { PassportCheckForm } from '../components/passport-check-form.tsx';
import { QuestionnaireSigning } from '../components/questionnaire-signing.tsx';
import { VerificationOtp } from '../components/verification-otp.tsx';
import { useVerificationToken } from '../hooks/use-verification-token.ts';

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
  const [token, setToken] = useVerificationToken(contactUuid);
  const me = useVerificationMe(contactUuid, token);

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
          <VerificationOtp uuid={uuid} contactUuid={contactUuid} onToken={setToken} />
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
              <PassportCheckForm token={token} />
            ) : data.verification_status !== 'ACCEPTED' ? (
              <IdCheckPanel token={token} status={data.verification_status} />
            ) : (
              <Alert color="teal" icon={<IconShieldCheck size={18} />}>
                {t('wizard:verification.passed')}
              </Alert>
            )}
            <QuestionnaireSigning token={token} me={data} />
            {data.meetings.length > 0 ? (
              <Stack gap="sm">
                <Title order={3} size="h4">
                  {t('wizard:meetings.title')}
                </Title>
                {data.meetings.map((m) => (
                  <MeetingAnswer key={m.id} meeting={m} inviteeType="contact" inviteeId={contactUuid} />
                ))}
              </Stack>
            ) : null}
          </>
        ) : (
          <Button variant="default" onClick={() => setToken(null)}>
            {t('wizard:verification.restart')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
