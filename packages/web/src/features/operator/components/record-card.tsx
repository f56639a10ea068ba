import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a record's overview (internal check, invoice, go-live). */
export function RecordCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
