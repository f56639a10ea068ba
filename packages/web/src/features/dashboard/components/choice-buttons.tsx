import { Button } from '@mantine/core';

/**
 * A row of pressed/unpressed buttons choosing one value: what a SegmentedControl shows, without its
 * sliding indicator, which measured every option's position after each render (the dashboard's
 * longest blocking task on a slow phone, issue 15).
 */
export function ChoiceButtons<T extends string>({
  value,
  options,
  onChange,
  label,
  testId,
}: {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  /** Accessible name of the group. */
  label: string;
  testId?: string;
}) {
  return (
    <Button.Group aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <Button
          key={option.value}
          size="compact-xs"
          variant={option.value === value ? 'filled' : 'default'}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Button.Group>
  );
}
