import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageProps {
  /** Already translated title. */
  title: string;
  description?: string;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A routed screen: title row (with actions) and content. Sets the document title too. */
export function Page({ title, description, actions, children }: PageProps) {
  return (
    <Stack gap="lg">
      <title>{title}</title>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
