import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A block of the boarding overview: a bordered panel with its title (and what sits beside it) over its content. */
export function BoardingPanel({
  title,
  aside,
  testId,
  children,
}: {
  title: string;
  /** Beside the title, on the right: a state badge, an action. */
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const heading = (
    <Title order={3} fz="h4">
      {title}
    </Title>
  );
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Stack gap="sm">
        {aside === undefined ? (
          heading
        ) : (
          <Group justify="space-between">
            {heading}
            {aside}
          </Group>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
