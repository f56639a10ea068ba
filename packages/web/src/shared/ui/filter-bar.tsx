import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The framed row of filters above a list; the fields wrap onto more lines on a narrow screen. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}
