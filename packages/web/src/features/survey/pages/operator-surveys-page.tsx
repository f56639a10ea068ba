import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { SURVEY_QUESTION_TYPES, type SurveyQuestionType } from '@portal/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { useCreateSurvey, useSetSurveyActive, useSurveyAnswers, useSurveyList } from '../api.ts';

/** Operator console: define client surveys, switch one on, read the answers. */
export function OperatorSurveysPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useSurveyList(page);
  const setActive = useSetSurveyActive();
  const total = list.data?.quantity ?? 0;
  return (
    <Page
      title={t('survey:console.title')}
      description={t('survey:console.description')}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('survey:console.new')}
        </Button>
      }
    >
      {total === 0 && !list.isPending ? (
        <EmptyState title={t('survey:console.empty')} />
      ) : (
        <ListTable minWidth={760} highlightOnHover={false} data-testid="surveys-table">
          <ListHead
            columns={[
              t('survey:console.surveyTitle'),
              t('survey:console.questions'),
              t('survey:console.responses'),
              t('survey:console.createdAt'),
              t('survey:console.active'),
              {},
            ]}
          />
          <Table.Tbody>
            {(list.data?.surveys ?? []).map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.title}</Table.Td>
                <Table.Td>{s.questions}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Badge variant="light" color="teal">
                      {t('survey:console.answered', { count: s.answered })}
                    </Badge>
                    <Badge variant="light" color="gray">
                      {t('survey:console.skipped', { count: s.skipped })}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td>{format.date(s.created_at)}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={s.active}
                    aria-label={t('survey:console.active')}
                    onChange={(e) =>
                      setActive.mutate({ params: { id: s.id }, body: { active: e.currentTarget.checked } })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => setViewing(s.id)}>
                    {t('survey:console.viewAnswers')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={10} page={page} onPage={setPage} justify="center" />
      <NewSurveyModal opened={creating} onClose={() => setCreating(false)} />
      <AnswersModal id={viewing} onClose={() => setViewing(null)} />
    </Page>
  );
}

interface DraftQuestion {
  text: string;
  type: SurveyQuestionType;
  required: boolean;
  options: string[];
}
const blank = (): DraftQuestion => ({ text: '', type: 'rating', required: false, options: [] });

function NewSurveyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateSurvey();
  const [title, setTitle] = useState('');
  const [questions, setQuestions] = useState<DraftQuestion[]>([blank()]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const patch = (i: number, p: Partial<DraftQuestion>) =>
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...p } : q)));
  const error = (key: string) => (fields[key] ? t(`survey:validation.${fields[key]}`) : undefined);
  const submit = () =>
    create.mutate(
      {
        body: {
          title,
          active: true,
          questions: questions.map((q) => ({
            ...q,
            options: q.type === 'single' || q.type === 'multi' ? q.options : [],
          })),
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('survey:console.created'));
          setTitle('');
          setQuestions([blank()]);
          setFields({});
          onClose();
        },
        onError: (e) => setFields((e as { fields?: Record<string, string> }).fields ?? {}),
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t('survey:console.new')} size="xl">
      <Stack gap="sm">
        <TextInput
          label={t('survey:console.surveyTitle')}
          value={title}
          required
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={error('title')}
        />
        {questions.map((q, i) => (
          <Paper key={`q${i.toString()}`} withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('survey:console.question', { n: i + 1 })}
                  value={q.text}
                  onChange={(e) => patch(i, { text: e.currentTarget.value })}
                  error={error(`questions.${i}.text`)}
                />
                <Select
                  w={160}
                  label={t('survey:console.type')}
                  data={SURVEY_QUESTION_TYPES.map((type) => ({
                    value: type,
                    label: t(`survey:types.${type}`),
                  }))}
                  value={q.type}
                  allowDeselect={false}
                  onChange={(v) => v && patch(i, { type: v as SurveyQuestionType })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('survey:console.remove')}
                  disabled={questions.length === 1}
                  onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              {q.type === 'single' || q.type === 'multi' ? (
                <TagsInput
                  label={t('survey:console.options')}
                  description={t('survey:console.optionsHint')}
                  value={q.options}
                  onChange={(options) => patch(i, { options })}
                  error={error(`questions.${i}.options`)}
                />
              ) : null}
              <Checkbox
                label={t('survey:console.required')}
                checked={q.required}
                onChange={(e) => patch(i, { required: e.currentTarget.checked })}
              />
            </Stack>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => setQuestions((qs) => [...qs, blank()])}
          >
            {t('survey:console.addQuestion')}
          </Button>
          <Button loading={create.isPending} onClick={submit}>
            {t('survey:console.publish')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AnswersModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const answers = useSurveyAnswers(id);
  const survey = answers.data?.survey;
  const textOf = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v));
  return (
    <Modal opened={id !== null} onClose={onClose} title={survey?.title ?? ''} size="xl">
      {answers.data && answers.data.responses.length === 0 ? (
        <Text c="dimmed">{t('survey:console.noResponses')}</Text>
      ) : (
        <Stack gap="sm" data-testid="survey-answers">
          {(answers.data?.responses ?? []).map((r) => (
            <Paper key={`${r.user_name}-${r.at}`} withBorder p="sm" radius="md">
              <Group justify="space-between">
                <Text fw={600} size="sm">
                  {r.user_name} · {r.company_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`survey:status.${r.status}`)} · {format.dateTime(r.at)}
                </Text>
              </Group>
              {r.answers.map((a) => (
                <Text key={a.question_id} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span c="dimmed">
                    {survey?.questions.find((q) => q.id === a.question_id)?.text ?? a.question_id}:{' '}
                  </Text>
                  {textOf(a.value)}
                </Text>
              ))}
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
