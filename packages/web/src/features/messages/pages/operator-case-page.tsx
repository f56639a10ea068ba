import { Button, Grid, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { CASE_STATUSES, type CaseStatus, canMoveCase } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { Page } from '../../../shared/ui/index.ts';
import { useAnswerCase, useAssignCase, useCase, useSetCaseStatus, useStaff } from '../api.ts';
import { CaseStatusBadge, PriorityBadge } from '../components/labels.tsx';
import { MessageCards } from '../components/message-card.tsx';
import { ReplyBox, useReplyDraft } from '../components/reply-box.tsx';

/** One case for staff: the thread with attachments, the answer form, status and assignee. */
export function OperatorCasePage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const query = useCase(id);
  const staff = useStaff();
  const answer = useAnswerCase();
  const setStatus = useSetCaseStatus();
  const assign = useAssignCase();
  const draft = useReplyDraft();
  const [after, setAfter] = useState<string>('');

  if (query.isLoading || !query.data)
    return (
      <Page title={t('messages:console.casesTitle')}>
        <Skeleton h={300} radius="md" />
      </Page>
    );
  const kase = query.data.case;
  const status = kase.crm_status as CaseStatus;
  const moves = CASE_STATUSES.filter((s) => canMoveCase(status, s));
  const send = () => {
    if (draft.isEmpty) return;
    answer.mutate(
      { id: kase.id, text: draft.text, crm_status: after || undefined, files: draft.files, key: draft.key },
      {
        onSuccess: () => {
          notifySuccess(t('messages:console.answered'));
          draft.reset();
          setAfter('');
        },
      },
    );
  };
  return (
    <Page
      title={t('messages:thread.title', { caseNumber: kase.case_number })}
      description={`${kase.merchant_name} · ${kase.subject}`}
      actions={<BackLink to={href('operatorCases')}>{t('messages:console.casesTitle')}</BackLink>}
    >
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm" data-testid="thread">
            <MessageCards
              messages={query.data.messages}
              ownFolder="inbox"
              authorLabel={(m, isOwn) =>
                isOwn
                  ? `${t('messages:thread.support')} · ${m.author_name}`
                  : `${m.author_name} · ${kase.merchant_name}`
              }
            />
            <ReplyBox
              draft={draft}
              label={t('messages:console.answer')}
              placeholder={t('messages:console.answerPlaceholder')}
              minRows={4}
              testId="answer-text"
            >
              <Group justify="space-between" align="flex-end" wrap="wrap">
                <Select
                  label={t('messages:console.statusAfter')}
                  data={[
                    { value: '', label: t('messages:console.keepStatus') },
                    ...moves.map((s) => ({ value: s, label: t(`messages:statuses.${s}`) })),
                  ]}
                  value={after}
                  onChange={(v) => setAfter(v ?? '')}
                  allowDeselect={false}
                  w={240}
                  data-testid="answer-status"
                />
                <Button
                  onClick={send}
                  loading={answer.isPending}
                  disabled={draft.isEmpty}
                  data-testid="answer-send"
                >
                  {t('messages:console.answer')}
                </Button>
              </Group>
            </ReplyBox>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Group gap="sm">
                <CaseStatusBadge status={status} />
                <PriorityBadge priority={kase.priority} />
              </Group>
              <Text size="sm" c="dimmed">
                {t(`messages:types.${kase.type}`)}
              </Text>
              <Select
                label={t('messages:console.changeStatus')}
                placeholder={t(`messages:statuses.${status}`)}
                data={moves.map((s) => ({ value: s, label: t(`messages:statuses.${s}`) }))}
                value={null}
                onChange={(v) =>
                  v &&
                  setStatus.mutate(
                    { params: { id: kase.id }, body: { crm_status: v as CaseStatus } },
                    {
                      onSuccess: () =>
                        notifySuccess(
                          t('messages:console.statusChanged', { status: t(`messages:statuses.${v}`) }),
                        ),
                    },
                  )
                }
                data-testid="case-status-select"
              />
              <Select
                label={t('messages:console.assignee')}
                data={[
                  { value: '', label: t('messages:console.unassigned') },
                  ...(staff.data?.staff ?? []).map((s) => ({ value: s.id, label: s.name })),
                ]}
                value={kase.assigned_to ?? ''}
                onChange={(v) =>
                  assign.mutate(
                    { params: { id: kase.id }, body: { user_id: v || null } },
                    { onSuccess: () => notifySuccess(t('messages:console.assigned')) },
                  )
                }
                allowDeselect={false}
                data-testid="case-assignee"
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
