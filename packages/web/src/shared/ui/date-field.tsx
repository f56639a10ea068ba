import { TextInput, type TextInputProps } from '@mantine/core';
import { dateFieldSeparator, formatDateField, maskDateField, parseDateField } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  label: string;
  /** ISO date (YYYY-MM-DD), '' when empty, or the unfinished text while it is not a date. */
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string | undefined;
  'data-field'?: string;
}

/**
 * A date typed in the user's locale format (dd/mm/yyyy in en-gb, dd.mm.yyyy in ru) instead of the
 * browser's native date field. The form holds ISO dates; unfinished text is passed on as it is, so
 * the form's date rule refuses it with the usual field error.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const separator = dateFieldSeparator(i18n.language);
  const [text, setText] = useState(() => formatDateField(value ?? '', separator));
  // A value set from outside (reset, load) or a language change shows in the locale format.
  useEffect(() => {
    setText((current) => {
      const iso = parseDateField(current);
      if ((value ?? '') === (iso ?? current)) return maskDateField(current, separator);
      return formatDateField(value ?? '', separator);
    });
  }, [value, separator]);
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('wizard:dateFormat', { sep: separator })}
      value={text}
      onChange={(event) => {
        const next = maskDateField(event.currentTarget.value, separator);
        setText(next);
        onChange(next === '' ? '' : (parseDateField(next) ?? next));
      }}
    />
  );
}
