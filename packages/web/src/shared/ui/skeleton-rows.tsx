import { Skeleton, Stack } from '@mantine/core';

const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/** Loading placeholder of a table: a few rows of the table's height. */
export function SkeletonRows({ count, height = 44 }: { count: number; height?: number }) {
  return (
    <Stack gap="xs">
      {KEYS.slice(0, count).map((key) => (
        <Skeleton key={key} h={height} radius="sm" />
      ))}
    </Stack>
  );
}
