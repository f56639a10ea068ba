import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { MEETING_ACCEPT_STATUSES, type MeetingAcceptStatus, type MeetingInviteeType } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useRespondMeeting } from '../api.ts';

interface Meeting {
  id: string;
  title: string;
  starts_at: string;
  accept_status: MeetingAcceptStatus | null;
}

const COLOR = { accept: 'teal', tentative: 'yellow', decline: 'red' } as const;

/** One meeting invitation with accept / tentative / decline (spec §2). */
export function MeetingAnswer({
  meeting,
  inviteeType,
  inviteeId,
}: {
  meeting: Meeting;
  inviteeType: MeetingInviteeType;
  inviteeId: string;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const respond = useRespondMeeting();
  return (
    <Paper withBorder radius="md" p="md" data-testid="meeting">
      <Stack gap="xs">
        <Group justify="space-between">
          <Stack gap={0}>
            <Text fw={600}>{meeting.title}</Text>
            <Text size="sm" c="dimmed">
              {dateTime(meeting.starts_at)}
            </Text>
          </Stack>
          {meeting.accept_status ? (
            <Badge color={COLOR[meeting.accept_status]}>
              {t(`wizard:meetings.statuses.${meeting.accept_status}`)}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          {MEETING_ACCEPT_STATUSES.map((status) => (
            <Button
              key={status}
              size="xs"
              color={COLOR[status]}
              variant={meeting.accept_status === status ? 'filled' : 'light'}
              loading={respond.isPending && respond.variables?.body?.accept_status === status}
              onClick={() =>
                respond.mutate(
                  {
                    params: { record: meeting.id },
                    body: { invitee_type: inviteeType, invitee_id: inviteeId, accept_status: status },
                  },
                  { onSuccess: () => notifySuccess(t('wizard:meetings.answered')) },
                )
              }
            >
              {t(`wizard:meetings.actions.${status}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
