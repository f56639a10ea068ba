import { PasswordInput, PinInput, Stack, Text } from '@mantine/core';
import { MFA_CODE_LENGTH } from '@portal/domain';

export interface ConfirmationFieldsProps {
  /** Already translated labels. */
  passwordLabel: string;
  codeLabel: string;
  password: string;
  onPassword: (value: string) => void;
  code: string;
  onCode: (value: string) => void;
  /** `fx` gives the test ids `fx-password` and `fx-code`. */
  testIdPrefix: string;
}

/** The knowledge factor and the authenticator code of a strong confirmation (design §7), one form for every area. */
export function ConfirmationFields(props: ConfirmationFieldsProps) {
  return (
    <>
      <PasswordInput
        label={props.passwordLabel}
        value={props.password}
        onChange={(e) => props.onPassword(e.currentTarget.value)}
        autoComplete="current-password"
        data-testid={`${props.testIdPrefix}-password`}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {props.codeLabel}
        </Text>
        <PinInput
          length={MFA_CODE_LENGTH}
          type="number"
          oneTimeCode
          value={props.code}
          onChange={props.onCode}
          aria-label={props.codeLabel}
          data-testid={`${props.testIdPrefix}-code`}
        />
      </Stack>
    </>
  );
}
