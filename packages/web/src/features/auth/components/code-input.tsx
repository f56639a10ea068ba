import { Input, PinInput, Stack } from '@mantine/core';
import { MFA_CODE_LENGTH } from '@portal/domain';
import { type ClipboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pastedCode } from '../login-diagnostics.ts';

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once all six digits are typed or pasted. */
  onComplete?: (value: string) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The 6-digit authenticator code (spec §5, §9); digits only, one-time-code autofill. A paste is
 * taken whole ("123 456" too); a clipboard holding anything else is refused with the spec §8
 * "wrong clipboard value for code" message instead of filling the boxes with part of it.
 */
export function CodeInput({ value, onChange, onComplete, error, disabled, autoFocus }: CodeInputProps) {
  const { t } = useTranslation();
  const [pasteRefused, setPasteRefused] = useState(false);
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const code = pastedCode(event.clipboardData.getData('text'));
    event.preventDefault();
    event.stopPropagation();
    if (disabled) return;
    if (!code) {
      setPasteRefused(true);
      return;
    }
    setPasteRefused(false);
    onChange(code);
    onComplete?.(code);
  };
  const shown = error ?? (pasteRefused ? t('login:errors.clipboard') : undefined);
  return (
    <Stack gap={6} align="center" onPasteCapture={onPaste}>
      <Input.Label>{t('login:code.label')}</Input.Label>
      <PinInput
        length={MFA_CODE_LENGTH}
        type="number"
        oneTimeCode
        inputMode="numeric"
        size="lg"
        value={value}
        onChange={(next) => {
          setPasteRefused(false);
          onChange(next);
        }}
        onComplete={onComplete}
        error={!!shown}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-label={t('login:code.label')}
        data-testid="mfa-code"
      />
      {shown ? (
        <Input.Error data-testid="mfa-code-error">{shown}</Input.Error>
      ) : (
        <Input.Description>{t('login:code.hint')}</Input.Description>
      )}
    </Stack>
  );
}
