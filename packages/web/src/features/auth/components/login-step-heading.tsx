import { Stack, Text, Title } from '@mantine/core';

/** The title and the short explanation at the top of a login step. */
export function LoginStepHeading({ title, description }: { title: string; description: string }) {
  return (
    <Stack gap={4}>
      <Title order={2} fz="h3">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {description}
      </Text>
    </Stack>
  );
}
