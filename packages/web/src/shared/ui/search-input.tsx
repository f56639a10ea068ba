import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A list's free-text filter: the magnifier, and the placeholder doubling as its accessible name. */
export function SearchInput({
  label,
  value,
  onSearch,
  ...rest
}: Omit<TextInputProps, 'onChange' | 'value' | 'label'> & {
  label: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onSearch(e.currentTarget.value)}
      {...rest}
    />
  );
}
