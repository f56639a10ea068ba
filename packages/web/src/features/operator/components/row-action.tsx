import { Button, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A compact button in a row of a record's tables (files, persons): an optional icon and its label. */
export function RowAction({
  icon: ActionIcon,
  children,
  ...rest
}: ButtonProps & { icon?: Icon; onClick: () => void; children: ReactNode; 'data-testid'?: string }) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={ActionIcon ? <ActionIcon size={14} /> : undefined}
      {...rest}
    >
      {children}
    </Button>
  );
}
