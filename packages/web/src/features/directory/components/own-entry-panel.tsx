import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DirectoryEntry } from '../api.ts';

interface OwnEntryPanelProps {
  entry: DirectoryEntry | null;
  loading: boolean;
  onJoin: () => void;
  onChange: () => void;
  onLeave: () => void;
}

/** The company's own place in the directory: its status and the join / change / leave actions. */
export function OwnEntryPanel(props: OwnEntryPanelProps) {
  const { t } = useTranslation();
  const { entry } = props;
  return (
    <Paper withBorder radius="md" p="md" data-testid="directory-own">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>{t('ecosystem:own.title')}</Text>
          {props.loading ? null : entry ? (
            <Group gap="xs">
              <Text size="sm">{entry.display_name}</Text>
              <Badge color={entry.status === 'published' ? 'teal' : 'orange'} variant="light">
                {t(`ecosystem:status.${entry.status}`)}
              </Badge>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('ecosystem:own.notJoined')}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {entry ? (
            <>
              <Button variant="light" onClick={props.onChange}>
                {t('ecosystem:actions.change')}
              </Button>
              <Button variant="subtle" color="red" onClick={props.onLeave}>
                {t('ecosystem:actions.leave')}
              </Button>
            </>
          ) : (
            <Button onClick={props.onJoin} disabled={props.loading}>
              {t('ecosystem:actions.join')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
