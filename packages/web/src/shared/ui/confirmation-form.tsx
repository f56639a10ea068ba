import { Alert, Button, Group, Stack } from '@mantine/core';
import { MFA_CODE_LENGTH } from '@portal/domain';
import { IconShieldLock } from '@tabler/icons-react';
import { ConfirmationFields } from './confirmation-fields.tsx';

export interface ConfirmationFormProps {
  /** Already translated labels. */
  labels: { password: string; code: string; back: string; confirm: string };
  password: string;
  onPassword: (value: string) => void;
  code: string;
  onCode: (value: string) => void;
  /** `fx` gives the test ids `fx-password`, `fx-code`, `fx-error` and `fx-confirm`. */
  testIdPrefix: string;
  /** The challenge ran out: nothing can be confirmed any more. */
  isExpired: boolean;
  isPending: boolean;
  /** The translated error of the last confirmation, or null. */
  errorText: string | null;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation step of an exchange or an on-chain transfer (design §7): password and
 * authenticator code, the error of the last try, back to the form, and confirm while the quote holds.
 */
export function ConfirmationForm(props: ConfirmationFormProps) {
  const { labels, password, code, isExpired, testIdPrefix } = props;
  const isComplete = password !== '' && code.length === MFA_CODE_LENGTH;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!isExpired && isComplete) props.onConfirm();
      }}
    >
      <Stack gap="sm">
        <ConfirmationFields
          passwordLabel={labels.password}
          codeLabel={labels.code}
          password={password}
          onPassword={props.onPassword}
          code={code}
          onCode={props.onCode}
          testIdPrefix={testIdPrefix}
        />
        {props.errorText !== null ? (
          <Alert color="red" data-testid={`${testIdPrefix}-error`}>
            {props.errorText}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" onClick={props.onBack}>
            {labels.back}
          </Button>
          <Button
            type="submit"
            leftSection={<IconShieldLock size={16} />}
            disabled={isExpired || !isComplete}
            loading={props.isPending}
            data-testid={`${testIdPrefix}-confirm`}
          >
            {labels.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
