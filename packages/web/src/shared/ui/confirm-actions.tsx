import { Button, Group, type MantineColor, type MantineSpacing } from '@mantine/core';

export interface ConfirmActionsProps {
  /** Already translated labels. */
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
  disabled?: boolean;
  /** Red for what removes or refuses something. */
  color?: MantineColor;
  confirmTestId?: string;
  gap?: MantineSpacing;
}

/**
 * The foot of a dialog that acts on a click rather than submitting a form: Cancel, then the action
 * (see DialogActions for the form's submit button).
 */
export function ConfirmActions(props: ConfirmActionsProps) {
  return (
    <Group justify="flex-end" gap={props.gap}>
      <Button variant="default" onClick={props.onCancel}>
        {props.cancelLabel}
      </Button>
      <Button
        color={props.color}
        disabled={props.disabled}
        loading={props.isPending}
        onClick={props.onConfirm}
        data-testid={props.confirmTestId}
      >
        {props.confirmLabel}
      </Button>
    </Group>
  );
}
