import { Group, Stack, Text } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The head of a contact card: who (bold) and, dimmed under it, their position or name. */
export function ContactHeading({
  title,
  subtitle,
  clampTitle,
}: {
  title: ReactNode;
  subtitle?: string | null;
  /** One line at most, for names the user typed. */
  clampTitle?: boolean;
}) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fw={600} lineClamp={clampTitle ? 1 : undefined}>
        {title}
      </Text>
      {subtitle ? (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A contact's phone line; nothing when there is no phone. */
export function ContactPhone({ phone }: { phone?: string | null }) {
  if (!phone) return null;
  return (
    <Group gap={6}>
      <IconPhone size={14} />
      <Text size="sm">{phone}</Text>
    </Group>
  );
}
