import { Badge, Group, List, Progress, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Consolidated } from '../api.ts';
import { BoardingPanel } from './panel.tsx';

/** The to-do and go-live checklist (spec §1), marking the items the current role acts on. */
export function ChecklistCard({
  checklist,
  ready,
}: {
  checklist: Consolidated['checklist'];
  ready: boolean;
}) {
  const { t } = useTranslation();
  const done = checklist.filter((entry) => entry.done).length;
  return (
    <BoardingPanel
      title={t('wizard:checklist.title')}
      testId="checklist"
      aside={
        <Badge color={ready ? 'teal' : 'gray'} variant="light">
          {ready
            ? t('wizard:checklist.ready')
            : t('wizard:checklist.progress', { done, total: checklist.length })}
        </Badge>
      }
    >
      <Progress
        value={checklist.length ? (done / checklist.length) * 100 : 0}
        color={ready ? 'teal' : 'blue'}
        size="sm"
      />
      <List spacing={8} center>
        {checklist.map((entry) => (
          <List.Item
            key={entry.item}
            data-item={entry.item}
            data-done={entry.done}
            icon={
              <ThemeIcon
                size={22}
                radius="xl"
                color={entry.done ? 'teal' : 'gray'}
                variant={entry.done ? 'filled' : 'light'}
              >
                {entry.done ? <IconCircleCheck size={14} /> : <IconCircleDashed size={14} />}
              </ThemeIcon>
            }
          >
            <Group gap="xs" wrap="nowrap">
              <Text
                size="sm"
                c={entry.done ? 'dimmed' : undefined}
                td={entry.done ? 'line-through' : undefined}
              >
                {t(`wizard:checklist.items.${entry.item}`)}
              </Text>
              {entry.mine && !entry.done ? (
                <Badge size="xs" variant="outline">
                  {t('wizard:checklist.yours')}
                </Badge>
              ) : null}
              {!entry.done && entry.actors.includes('operator') ? (
                <Badge size="xs" variant="light" color="grape">
                  {t('wizard:checklist.provider')}
                </Badge>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
    </BoardingPanel>
  );
}
