import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A person as the user lists show one: the name, the e-mail under it (cut short on a card). */
export function NameAndEmail({
  name,
  email,
  isTruncated = false,
}: {
  name: string;
  email: string;
  isTruncated?: boolean;
}) {
  const truncate = isTruncated ? 'end' : undefined;
  return (
    <>
      <Text fw={600} size="sm" truncate={truncate}>
        {name}
      </Text>
      <Text size="xs" c="dimmed" truncate={truncate}>
        {email}
      </Text>
    </>
  );
}

/** The ⋮ menu of a user or an invitation (the table's last column, the card's menu). */
export function RowMenu({ width, children }: { width: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={width}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('users:list.actions')}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
