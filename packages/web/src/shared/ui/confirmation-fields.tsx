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
  /** A line under the code field (where to find it), already translated. */
  codeHint?: string;
  /** The password field takes the focus when the dialog opens. */
  autoFocus?: boolean;
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
        data-autofocus={props.autoFocus || undefined}
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
        {props.codeHint ? (
          <Text size="xs" c="dimmed">
            {props.codeHint}
          </Text>
        ) : null}
      </Stack>
    </>
  );
}
