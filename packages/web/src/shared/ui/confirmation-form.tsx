import { Alert, type MantineSpacing, Stack } from '@mantine/core';
import { MFA_CODE_LENGTH } from '@portal/domain';
import { IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ConfirmationFields } from './confirmation-fields.tsx';
import { DialogActions } from './dialog-actions.tsx';

export interface ConfirmationFormProps {
  /** Already translated labels. */
  labels: { password: string; code: string; back: string; confirm: string; codeHint?: string };
  password: string;
  onPassword: (value: string) => void;
  code: string;
  onCode: (value: string) => void;
  /**
   * `fx` gives the test ids `fx-password`, `fx-code`, `fx-error` and `fx-confirm` (the submit
   * button's unless `submitTestId` names another).
   */
  testIdPrefix: string;
  submitTestId?: string;
  /** The challenge is there and still holds (a quote or a challenge that ran out cannot be confirmed). */
  canConfirm: boolean;
  isPending: boolean;
  /** The translated error of the last confirmation, or null. */
  errorText: string | null;
  onBack: () => void;
  onConfirm: () => void;
  /** The password field takes the focus when the dialog opens. */
  autoFocus?: boolean;
  gap?: MantineSpacing;
  /** What is confirmed, above the fields. */
  children?: ReactNode;
}

/**
 * The confirmation step of a pay-out, an exchange, an on-chain transfer or deal, a VA request
 * (design §7): what is confirmed, password and authenticator code, the error of the last try, back,
 * and confirm while the challenge holds.
 */
export function ConfirmationForm(props: ConfirmationFormProps) {
  const { labels, password, code, canConfirm, testIdPrefix } = props;
  const isComplete = password !== '' && code.length === MFA_CODE_LENGTH;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        // React events bubble through a modal's portal: without this a form around the modal
        // (the VA request form) would submit too and ask for a second, needless challenge.
        e.stopPropagation();
        if (canConfirm && isComplete) props.onConfirm();
      }}
    >
      <Stack gap={props.gap ?? 'sm'}>
        {props.children}
        <ConfirmationFields
          passwordLabel={labels.password}
          codeLabel={labels.code}
          codeHint={labels.codeHint}
          password={password}
          onPassword={props.onPassword}
          code={code}
          onCode={props.onCode}
          autoFocus={props.autoFocus}
          testIdPrefix={testIdPrefix}
        />
        {props.errorText !== null ? (
          <Alert color="red" data-testid={`${testIdPrefix}-error`}>
            {props.errorText}
          </Alert>
        ) : null}
        <DialogActions
          justify="space-between"
          cancelLabel={labels.back}
          onCancel={props.onBack}
          submitLabel={labels.confirm}
          submitIcon={<IconShieldLock size={16} />}
          isSubmitDisabled={!canConfirm || !isComplete}
          isSubmitting={props.isPending}
          submitTestId={props.submitTestId ?? `${testIdPrefix}-confirm`}
        />
      </Stack>
    </form>
  );
}
