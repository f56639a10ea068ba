import { Center, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MEETING_ACCEPT_STATUSES, type MeetingInviteeType } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/index.ts';
import { useMeeting } from '../api.ts';
import { MeetingAnswer } from '../components/meeting-answer.tsx';

/** `meetings` (/meetings?user_id|contact_id|lead_id&record&accept_status): answer a meeting invitation. */
export function MeetingsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const invitee: [MeetingInviteeType, string] | null = params.get('contact_id')
    ? ['contact', params.get('contact_id') ?? '']
    : params.get('user_id')
      ? ['user', params.get('user_id') ?? '']
      : params.get('lead_id')
        ? ['lead', params.get('lead_id') ?? '']
        : null;
  const record = params.get('record') ?? '';
  const suggested = MEETING_ACCEPT_STATUSES.find((s) => s === params.get('accept_status'));
  const query = useMeeting(record, invitee?.[1] ?? '');
  return (
    <Center py="xl">
      <Stack w="100%" maw={560} gap="md">
        <title>{t('wizard:meetings.title')}</title>
        <Title order={2}>{t('wizard:meetings.title')}</Title>
        {suggested ? (
          <Text c="dimmed">
            {t('wizard:meetings.suggested', { answer: t(`wizard:meetings.actions.${suggested}`) })}
          </Text>
        ) : null}
        {!invitee || !record ? (
          <EmptyState title={t('wizard:meetings.badLinkTitle')} description={t('errors:types.badLink')} />
        ) : query.isLoading ? (
          <Skeleton h={120} radius="md" />
        ) : query.data ? (
          <MeetingAnswer meeting={query.data.meeting} inviteeType={invitee[0]} inviteeId={invitee[1]} />
        ) : (
          <EmptyState title={t('wizard:meetings.badLinkTitle')} description={t('errors:types.badLink')} />
        )}
      </Stack>
    </Center>
  );
}
