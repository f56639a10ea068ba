import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess, usePlatform } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { NoteField } from './note-field.tsx';
import { useEndMaintenance, usePlanMaintenance, useStartMaintenance } from './tools-api.ts';

const STATE_COLOR = { none: 'gray', planned: 'yellow', started: 'red' } as const;

/** Plan (start time, en-gb and ru texts), start now and end maintenance (spec §2, §4). */
export function MaintenancePanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const platform = usePlatform();
  const plan = usePlanMaintenance();
  const start = useStartMaintenance();
  const end = useEndMaintenance();
  const [startsAt, setStartsAt] = useState<Date | null>(null);
  const [messageEn, setMessageEn] = useState('');
  const [messageRu, setMessageRu] = useState('');
  const [errors, setErrors] = useState<{ startsAt?: string; message?: string }>({});
  const m = platform.data?.maintenance;
  const state = m?.state ?? 'none';
  const texts = {
    ...(messageEn.trim() ? { message: messageEn.trim() } : {}),
    ...(messageRu.trim() ? { messageRu: messageRu.trim() } : {}),
  };

  /** Mutation options that tell the operator the change is done. */
  const toldWhenDone = (key: string) => ({ onSuccess: () => notifySuccess(t(key)) });

  const submitPlan = () => {
    const next = {
      ...(startsAt ? {} : { startsAt: t('operatorTools:maintenance.startsAtRequired') }),
      ...(messageEn.trim() ? {} : { message: t('operatorTools:maintenance.messageRequired') }),
    };
    setErrors(next);
    if (!startsAt || !messageEn.trim()) return;
    plan.mutate(
      { body: { startsAt: startsAt.toISOString(), message: messageEn.trim(), ...texts } },
      toldWhenDone('operatorTools:maintenance.planned'),
    );
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="tools-maintenance">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {t('operatorTools:maintenance.title')}
          </Title>
          <Badge color={STATE_COLOR[state]} variant="light" data-testid="tools-maintenance-state">
            {t(`operatorTools:maintenance.state.${state}`)}
          </Badge>
        </Group>
        {m && state !== 'none' ? (
          <Stack gap={2}>
            {m.startsAt ? (
              <Text size="sm">
                {t('operatorTools:maintenance.startsAtValue', { date: format.dateTime(m.startsAt) })}
              </Text>
            ) : null}
            {m.message ? <Text size="sm">{m.message}</Text> : null}
            {m.messageRu ? <Text size="sm">{m.messageRu}</Text> : null}
          </Stack>
        ) : null}
        <DateTimePicker
          label={t('operatorTools:maintenance.startsAt')}
          description={t('operatorTools:maintenance.startsAtHint')}
          value={startsAt}
          onChange={(value) => setStartsAt(value ? new Date(value) : null)}
          minDate={new Date()}
          valueFormat="DD MMM YYYY HH:mm"
          error={errors.startsAt}
          clearable
          data-testid="tools-maintenance-starts"
        />
        <NoteField
          label={t('operatorTools:maintenance.messageEn')}
          value={messageEn}
          onChange={setMessageEn}
          error={errors.message}
          testId="tools-maintenance-message-en"
        />
        <NoteField
          label={t('operatorTools:maintenance.messageRu')}
          value={messageRu}
          onChange={setMessageRu}
          testId="tools-maintenance-message-ru"
        />
        <Group gap="xs" wrap="wrap">
          <Button loading={plan.isPending} onClick={submitPlan}>
            {t('operatorTools:maintenance.plan')}
          </Button>
          <Button
            color="orange"
            variant="light"
            loading={start.isPending}
            disabled={state === 'started'}
            onClick={() => start.mutate({ body: texts }, toldWhenDone('operatorTools:maintenance.started'))}
          >
            {t('operatorTools:maintenance.startNow')}
          </Button>
          <Button
            color="red"
            variant="light"
            loading={end.isPending}
            disabled={state === 'none'}
            onClick={() => end.mutate({ body: {} }, toldWhenDone('operatorTools:maintenance.ended'))}
          >
            {t('operatorTools:maintenance.end')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
