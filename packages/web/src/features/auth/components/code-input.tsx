import { Input, PinInput, Stack } from '@mantine/core';
import { MFA_CODE_LENGTH } from '@portal/domain';
import { useTranslation } from 'react-i18next';

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once all six digits are typed or pasted. */
  onComplete?: (value: string) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The 6-digit authenticator code (spec §5, §9); digits only, paste-friendly, one-time-code autofill. */
export function CodeInput({ value, onChange, onComplete, error, disabled, autoFocus }: CodeInputProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} align="center">
      <Input.Label>{t('login:code.label')}</Input.Label>
      <PinInput
        length={MFA_CODE_LENGTH}
        type="number"
        oneTimeCode
        inputMode="numeric"
        size="lg"
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={!!error}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-label={t('login:code.label')}
        data-testid="mfa-code"
      />
      {error ? (
        <Input.Error>{error}</Input.Error>
      ) : (
        <Input.Description>{t('login:code.hint')}</Input.Description>
      )}
    </Stack>
  );
}
