import { Text } from '@mantine/core';

/** A notice in a list: its title on one line, then the start of its text, dimmed. */
export function NoticeSummary({
  notice,
  textLines,
}: {
  notice: { title: string; text: string };
  textLines: number;
}) {
  return (
    <>
      <Text size="sm" fw={600} truncate="end">
        {notice.title}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={textLines}>
        {notice.text}
      </Text>
    </>
  );
}
