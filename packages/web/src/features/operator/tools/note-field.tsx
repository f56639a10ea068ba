import { Textarea } from '@mantine/core';

/** A short free text the operator writes for others to read (a reason, a notice): up to 500 characters. */
export function NoteField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
  testId: string;
}) {
  return (
    <Textarea
      label={label}
      value={value}
      maxLength={500}
      autosize
      minRows={2}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-testid={testId}
    />
  );
}
