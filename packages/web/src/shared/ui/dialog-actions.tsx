import { Button, Group, type MantineColor, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogActionsProps {
  /** Already translated labels. */
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  /**
   * The action of a dialog that acts on a click; without it the button submits the form around it.
   */
  onConfirm?: () => void;
  submitIcon?: ReactNode;
  isSubmitDisabled?: boolean;
  isSubmitting?: boolean;
  submitTestId?: string;
  /** Red for what removes or refuses something. */
  color?: MantineColor;
  /** `space-between` puts cancel (back) at the left edge: the confirmation steps. */
  justify?: 'flex-end' | 'space-between';
  gap?: MantineSpacing;
}

/** The foot of a dialog: cancel, then its action (the submit button of its form, or `onConfirm`). */
export function DialogActions(props: DialogActionsProps) {
  return (
    <Group justify={props.justify ?? 'flex-end'} gap={props.gap}>
      <Button variant="default" onClick={props.onCancel}>
        {props.cancelLabel}
      </Button>
      <Button
        type={props.onConfirm ? 'button' : 'submit'}
        onClick={props.onConfirm}
        color={props.color}
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
