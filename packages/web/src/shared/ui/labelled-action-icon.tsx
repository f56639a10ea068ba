import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An icon-only button whose label is both its tooltip and its accessible name, so a sighted user
 * and a screen reader get the same words.
 */
export function LabelledActionIcon({
  label,
  onClick,
  children,
  ...rest
}: ActionIconProps & {
  label: string;
  onClick: () => void;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick} {...rest}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
