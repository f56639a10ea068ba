import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  children?: ReactNode;
}

/** An honest "nothing here (yet)" panel. */
export function EmptyState({ title, description, icon, children }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="empty-state">
      <Stack align="center" gap="xs" py="lg" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          {icon ?? <IconHourglassEmpty size={26} stroke={1.5} />}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {description ? (
          <Text c="dimmed" size="sm" maw={520}>
            {description}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
