import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyProfile } from '../../features/users/api.ts';
import { logout, useSession } from '../../shared/session/index.ts';
import { href } from '../../shared/routes/route-names.ts';

/** `isPortal`: a portal user's session (the profile exists); boarding sessions have no profile. */
export function UserMenu({ isPortal = false }: { isPortal?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const user = useMyProfile({ notify: false, enabled: isPortal }).data?.user;
  if (!session.isLoggedIn) return null;
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';
  const initials =
    name
      .split(/[\s@.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '·';
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('common:user.menu')} data-testid="user-menu">
          <Avatar radius="xl" size={32} color="blue" variant="light">
            {isPortal ? initials : <IconUser size={18} />}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {isPortal ? (
          <>
            <Menu.Label>{t('common:user.signedInAs', { user: user?.email ?? '' })}</Menu.Label>
            <Menu.Item component={Link} to={href('security')} leftSection={<IconShieldLock size={16} />}>
              {t('menu:items.security')}
            </Menu.Item>
            <Menu.Divider />
          </>
        ) : null}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => logout('user')}>
          {t('menu:items.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
