import { TextInput, type TextInputProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { cleanPastedValue, type FormattedField, formatField } from '@portal/domain';
import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface RequisiteInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  /** Domain display format (spec §5): grouping while typing, uppercase, allowed characters. */
  format?: FormattedField;
  value: string;
  onChange: (value: string) => void;
  /** Already translated label; also names the field in the paste notice. */
  label: string;
  maxLength?: number;
}

/**
 * A requisite field (IBAN, SWIFT, sort code …): formats while typing with the domain's field format
 * and cleans pasted values with `cleanPastedValue`, telling the user when the paste was changed.
 */
export function RequisiteInput({ format, value, onChange, label, maxLength, ...rest }: RequisiteInputProps) {
  const { t } = useTranslation();
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    event.preventDefault();
    if (!format) {
      const trimmed = pasted.trim().slice(0, maxLength);
      onChange(trimmed);
      if (trimmed !== pasted.trim()) showFixed();
      return;
    }
    const result = cleanPastedValue(format, pasted);
    onChange(result.value);
    if (result.changed) showFixed();
  };
  const showFixed = () =>
    notifications.show({
      color: 'yellow',
      message: t('payments:paste.fixed', { field: label }),
      autoClose: 6000,
    });
  return (
    <TextInput
      {...rest}
      label={label}
      value={value}
      maxLength={format ? undefined : maxLength}
      autoComplete="off"
      spellCheck={false}
      onPaste={onPaste}
      onChange={(event) =>
        onChange(format ? formatField(format, event.currentTarget.value) : event.currentTarget.value)
      }
      styles={format ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined}
    />
  );
}
