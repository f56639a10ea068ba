import {
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  Radio,
  Rating,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { type SurveyAnswer, SURVEY_LIMITS, SURVEY_RATING, type SurveyQuestion } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { type Survey, useAnswerSurvey, useCurrentSurvey, useSkipSurvey } from '../api.ts';

type Value = SurveyAnswer['value'] | undefined;

const isEmpty = (v: Value) => v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Shown once to a client user while a survey is active: answer it step by step, or skip it. */
export function SurveyPrompt() {
  const current = useCurrentSurvey();
  const survey = current.data?.survey;
  // Keyed by the survey, so a new survey starts from its first question.
  return survey ? <SurveyDialog key={survey.id} survey={survey} /> : null;
}

function SurveyDialog({ survey }: { survey: Survey }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Record<string, Value>>({});
  const answer = useAnswerSurvey();
  const skip = useSkipSurvey();
  const question = survey.questions[step];
  if (!question) return null;
  const last = step === survey.questions.length - 1;
  const value = values[question.id];
  const blocked = question.required && isEmpty(value);
  const set = (v: Value) => setValues((all) => ({ ...all, [question.id]: v }));

  const complete = () => {
    const answers = survey.questions.flatMap((q) => {
      const v = values[q.id];
      return isEmpty(v) || v === undefined ? [] : [{ question_id: q.id, value: v }];
    });
    answer.mutate(
      { params: { id: survey.id }, body: { answers } },
      { onSuccess: () => notifySuccess(t('survey:thanks')) },
    );
  };

  return (
    <Modal
      opened
      onClose={() => skip.mutate({ params: { id: survey.id }, body: {} })}
      title={survey.title}
      closeOnClickOutside={false}
      size="lg"
    >
      <Stack gap="md" data-testid="survey">
        <Progress value={((step + 1) / survey.questions.length) * 100} size="sm" />
        <Text size="sm" c="dimmed">
          {t('survey:progress', { step: step + 1, total: survey.questions.length })}
        </Text>
        <Text fw={600}>
          {question.text}
          {question.required ? ' *' : ''}
        </Text>
        <QuestionInput question={question} value={value} onChange={set} />
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="gray"
            loading={skip.isPending}
            onClick={() => skip.mutate({ params: { id: survey.id }, body: {} })}
          >
            {t('survey:skip')}
          </Button>
          <Group gap="xs">
            <Button variant="default" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
              {t('survey:back')}
            </Button>
            {last ? (
              <Button disabled={blocked} loading={answer.isPending} onClick={complete}>
                {t('survey:complete')}
              </Button>
            ) : (
              <Button disabled={blocked} onClick={() => setStep((s) => s + 1)}>
                {t('survey:next')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function QuestionInput(props: { question: SurveyQuestion; value: Value; onChange: (v: Value) => void }) {
  const { t } = useTranslation();
  const { question, value, onChange } = props;
  switch (question.type) {
    case 'rating':
      return (
        <Group gap="sm">
          <Rating
            count={SURVEY_RATING.max}
            value={typeof value === 'number' ? value : 0}
            onChange={onChange}
            size="lg"
            aria-label={t('survey:rating')}
          />
        </Group>
      );
    case 'single':
      return (
        <Radio.Group value={typeof value === 'string' ? value : null} onChange={onChange}>
          <Stack gap="xs">
            {question.options.map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multi':
      return (
        <Checkbox.Group value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Stack gap="xs">
            {question.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'text':
      return (
        <Textarea
          aria-label={question.text}
          value={typeof value === 'string' ? value : ''}
          maxLength={SURVEY_LIMITS.answer}
          autosize
          minRows={3}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
