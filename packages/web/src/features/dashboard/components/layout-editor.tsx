import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { periodDays, WIDGET_TYPES, type WidgetType } from '@portal/domain';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_PERIODS, type DraftWidget, moveItem, packLayout } from './layout.ts';
import { LabelledActionIcon } from '../../../shared/ui/labelled-action-icon.tsx';

export interface LayoutEditorProps {
  draft: DraftWidget[];
  onChange: (next: DraftWidget[]) => void;
  onSave: () => void;
  onCancel: () => void;
  onRestoreDefault: () => void;
  saving: boolean;
}

/**
 * The dashboard layout editor: widgets in reading order, each moved earlier or later, removed, or
 * (the chart) given its period; widgets not on the dashboard can be added back. Every action is a
 * button, so the keyboard does all of it (Tab to a button, Enter or Space).
 */
export function LayoutEditor({
  draft,
  onChange,
  onSave,
  onCancel,
  onRestoreDefault,
  saving,
}: LayoutEditorProps) {
  const { t } = useTranslation('dashboard');
  const placed = packLayout(draft);
  const missing = WIDGET_TYPES.filter((type) => !draft.some((w) => w.widget_type === type));
  const [toAdd, setToAdd] = useState<string | null>(null);
  const name = (type: WidgetType) => t(`widgets.${type}`);

  const add = () => {
    const type = missing.find((m) => m === toAdd);
    if (!type) return;
    onChange([
      ...draft,
      {
        key: `${type}-${Date.now()}`,
        widget_type: type,
        parameters: type === 'Chart' ? { period: '1m' } : {},
      },
    ]);
    setToAdd(null);
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="layout-editor">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h4">
              {t('editor.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('editor.hint')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button variant="subtle" onClick={onRestoreDefault} data-testid="layout-default">
              {t('editor.restoreDefault')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('editor.cancel')}
            </Button>
            <Button onClick={onSave} loading={saving} data-testid="layout-save">
              {t('editor.save')}
            </Button>
          </Group>
        </Group>
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {placed.map((w, index) => (
            <Paper
              key={w.key}
              component="li"
              withBorder
              radius="sm"
              px="sm"
              py={6}
              data-testid={`layout-row-${w.widget_type}`}
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" lineClamp={1}>
                    {name(w.widget_type)}
                  </Text>
                  <Badge variant="light" size="sm" color="gray">
                    {t('editor.position', { slide: w.slide_no, cell: w.placement + 1 })}
                  </Badge>
                  {w.cellsCount === 2 ? (
                    <Badge variant="light" size="sm">
                      {t('editor.wide')}
                    </Badge>
                  ) : null}
                </Group>
                <Group gap={4} wrap="nowrap">
                  {w.widget_type === 'Chart' ? (
                    <Select
                      size="xs"
                      w={120}
                      aria-label={t('chart.period')}
                      data={CHART_PERIODS.map((p) => ({
                        value: p,
                        label: t('chart.periodDays', { count: periodDays(p) ?? 0 }),
                      }))}
                      value={w.parameters.period ?? '1m'}
                      allowDeselect={false}
                      onChange={(period) =>
                        period &&
                        onChange(draft.map((d) => (d.key === w.key ? { ...d, parameters: { period } } : d)))
                      }
                    />
                  ) : null}
                  <LabelledActionIcon
                    variant="default"
                    label={t('editor.moveEarlier', { widget: name(w.widget_type) })}
                    disabled={index === 0}
                    onClick={() => onChange(moveItem(draft, index, -1))}
                  >
                    <IconArrowUp size={16} />
                  </LabelledActionIcon>
                  <LabelledActionIcon
                    variant="default"
                    label={t('editor.moveLater', { widget: name(w.widget_type) })}
                    disabled={index === placed.length - 1}
                    onClick={() => onChange(moveItem(draft, index, 1))}
                  >
                    <IconArrowDown size={16} />
                  </LabelledActionIcon>
                  <LabelledActionIcon
                    variant="light"
                    color="red"
                    label={t('editor.remove', { widget: name(w.widget_type) })}
                    onClick={() => onChange(draft.filter((d) => d.key !== w.key))}
                  >
                    <IconTrash size={16} />
                  </LabelledActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
        {missing.length ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t('editor.addLabel')}
              placeholder={t('editor.addPlaceholder')}
              data={missing.map((type) => ({ value: type, label: name(type) }))}
              value={toAdd}
              onChange={setToAdd}
              w={{ base: '100%', xs: 280 }}
              data-testid="layout-add-select"
            />
            <Button
              leftSection={<IconPlus size={16} />}
              variant="light"
              onClick={add}
              disabled={!toAdd}
              data-testid="layout-add"
            >
              {t('editor.add')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
