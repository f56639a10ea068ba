import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogActionsProps {
  /** Already translated labels. */
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  submitIcon?: ReactNode;
  isSubmitDisabled?: boolean;
  isSubmitting?: boolean;
  submitTestId?: string;
  /** `space-between` puts cancel (back) at the left edge: the confirmation steps. */
  justify?: 'flex-end' | 'space-between';
}

/** The foot of a dialog's form: cancel, and the submit button of the form around it. */
export function DialogActions(props: DialogActionsProps) {
  return (
    <Group justify={props.justify ?? 'flex-end'}>
      <Button variant="default" onClick={props.onCancel}>
        {props.cancelLabel}
      </Button>
      <Button
        type="submit"
        leftSection={props.submitIcon}
        disabled={props.isSubmitDisabled}
        loading={props.isSubmitting}
        data-testid={props.submitTestId}
      >
        {props.submitLabel}
      </Button>
    </Group>
  );
}
