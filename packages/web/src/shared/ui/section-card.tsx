import { Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered block of a settings-like screen: its heading row, then its content. */
export function SectionCard({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        {header}
        {children}
      </Stack>
    </Card>
  );
}
