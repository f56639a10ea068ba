import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { logout, useSession } from '../../shared/session/index.ts';
import { href } from '../router/route-names.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session.isLoggedIn) return null;
  const initials = (session.userId ?? '?').slice(0, 2).toUpperCase();
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('common:user.menu')} data-testid="user-menu">
          <Avatar radius="xl" size={32} color="blue" variant="light">
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('common:user.signedInAs', { user: session.userId ?? '' })}</Menu.Label>
        <Menu.Item component={Link} to={href('security')} leftSection={<IconShieldLock size={16} />}>
          {t('menu:items.security')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => logout('user')}>
          {t('menu:items.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
