import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { type OperatorRecord, useAmlDecision, useCreateMeeting } from '../api.ts';
import { RowAction } from './row-action.tsx';
import { CommentModal } from '../../../shared/ui/comment-modal.tsx';

/** Related persons with verification states; AML override of DECLINED_AML; meeting invitations. */
export function RecordPersons({ record }: { record: OperatorRecord }) {
  const { t } = useTranslation();
  const aml = useAmlDecision();
  const meeting = useCreateMeeting();
  const [amlFor, setAmlFor] = useState<{ id: string; decision: 'approve' | 'decline' } | null>(null);
  const [comment, setComment] = useState('');
  const [meetingFor, setMeetingFor] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const uuid = record.record.uuid;
  return (
    <Paper withBorder radius="md">
      <Table verticalSpacing="sm" data-testid="op-persons">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('wizard:persons.name')}</Table.Th>
            <Table.Th>{t('wizard:verification.steps.idFacial')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {record.forms.persons.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Text size="sm" fw={500}>{`${p.first_name} ${p.last_name}`}</Text>
                <Group gap={4}>
                  {(['as', 'lr', 'bo'] as const).map((r) =>
                    p[`is_${r}`] ? (
                      <Badge key={r} size="xs" variant="light" color="gray">
                        {t(`wizard:roles.short.${r}`)}
                      </Badge>
                    ) : null,
                  )}
                  {p.data_mismatch ? (
                    <Badge size="xs" color="red">
                      {t('operator:persons.mismatch')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={p.verified ? 'teal' : p.verification_status === 'DECLINED_AML' ? 'red' : 'gray'}
                >
                  {t(`wizard:verificationStatus.${p.verification_status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end">
                  {p.verification_status === 'DECLINED_AML' ? (
                    <>
                      <RowAction
                        color="teal"
                        variant="light"
                        onClick={() => setAmlFor({ id: p.id, decision: 'approve' })}
                      >
                        {t('operator:persons.amlApprove')}
                      </RowAction>
                      <RowAction
                        color="red"
                        variant="light"
                        onClick={() => setAmlFor({ id: p.id, decision: 'decline' })}
                      >
                        {t('operator:persons.amlDecline')}
                      </RowAction>
                    </>
                  ) : null}
                  <RowAction icon={IconCalendarPlus} onClick={() => setMeetingFor(p.id)}>
                    {t('operator:persons.meeting')}
                  </RowAction>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <CommentModal
        opened={amlFor !== null}
        onClose={() => setAmlFor(null)}
        title={t('operator:persons.amlTitle')}
        before={<Text size="sm">{t('operator:persons.amlText')}</Text>}
        label={t('operator:files.commentLabel')}
        value={comment}
        onChange={setComment}
        actionLabel={
          amlFor?.decision === 'decline' ? t('operator:persons.amlDecline') : t('operator:persons.amlApprove')
        }
        onAction={() =>
          amlFor &&
          aml.mutate(
            { params: { uuid, id: amlFor.id }, body: { decision: amlFor.decision, comment } },
            { onSuccess: () => setAmlFor(null) },
          )
        }
        isPending={aml.isPending}
        actionProps={{ disabled: !comment.trim(), color: amlFor?.decision === 'decline' ? 'red' : 'teal' }}
      />
      <Modal
        opened={meetingFor !== null}
        onClose={() => setMeetingFor(null)}
        title={t('operator:persons.meeting')}
        centered
      >
        <Stack>
          <TextInput
            label={t('operator:persons.meetingTitle')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <TextInput
            label={t('operator:persons.meetingStart')}
            type="datetime-local"
            value={startsAt}
            onChange={(e) => setStartsAt(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              disabled={!title.trim() || !startsAt}
              loading={meeting.isPending}
              onClick={() =>
                meetingFor &&
                meeting.mutate(
                  {
                    params: { uuid },
                    body: { person_id: meetingFor, title, starts_at: new Date(startsAt).toISOString() },
                  },
                  {
                    onSuccess: () => {
                      setMeetingFor(null);
                      notifySuccess(t('operator:persons.meetingSent'));
                    },
                  },
                )
              }
            >
              {t('operator:persons.meetingSend')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
