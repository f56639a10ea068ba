import { Group, Loader } from '@mantine/core';

/** What a directory list shows while its page loads. */
export function ListLoader() {
  return (
    <Group justify="center" py="xl">
      <Loader />
    </Group>
  );
}
