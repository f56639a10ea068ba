import { NavLink, Stack } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UnreadMessagesBadge } from '../../features/messages/components/unread-badge.tsx';
import { apiRoutes } from '@portal/domain';
import { useApiQuery } from '../../shared/api/index.ts';
import { logout, useSession } from '../../shared/session/index.ts';
import classes from './layout.module.css';
import { activeMenuTarget, MENU_SECTIONS, visibleMenuItems } from './menu-config.ts';
import { MENU_ITEMS_STALE_MS, menuItemsKey } from './menu-items.ts';

/**
 * Side menu: exactly the entries `GET /menu_items` answered (the server decides from rights,
 * service type and staff state), drawn from `MENU_ITEMS`; sections without entries are skipped.
 */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const menu = useApiQuery(
    apiRoutes.menuItems,
    {},
    {
      queryKey: menuItemsKey(session.userId),
      // A boarding session has no portal menu: asking would answer 401.
      enabled: session.isLoggedIn && !session.isBoarding,
      staleTime: MENU_ITEMS_STALE_MS,
      notify: false,
    },
  );
  const items = visibleMenuItems(menu.data?.menu_items);
  const activeTarget = activeMenuTarget(
    pathname,
    items.flatMap((item) => (item.action === 'logout' ? [] : [item.to ?? '/'])),
  );
  return (
    // The browser's own scrolling: Mantine's ScrollArea measured itself on every resize of the menu.
    <div className={classes.menuScroll}>
      <Stack gap={2} p="xs" component="nav" aria-label={t('common:navigation.menu')}>
        {MENU_SECTIONS.map((section) => {
          const inSection = items.filter((item) => item.section === section);
          if (inSection.length === 0) return null;
          return (
            <Fragment key={section}>
              <div className={classes.sectionLabel}>{t(`menu:sections.${section}`)}</div>
              {inSection.map((item) => {
                const icon = <item.icon size={18} stroke={1.6} />;
                if (item.action === 'logout')
                  return (
                    <NavLink
                      key={item.id}
                      label={t(item.labelKey)}
                      leftSection={icon}
                      onClick={() => logout('user')}
                      data-menu-item={item.id}
                    />
                  );
                const to = item.to ?? '/';
                return (
                  <NavLink
                    key={item.id}
                    component={Link}
                    to={to}
                    label={t(item.labelKey)}
                    leftSection={icon}
                    active={to === activeTarget}
                    rightSection={item.badge === 'unreadMessages' ? <UnreadMessagesBadge /> : undefined}
                    onClick={onNavigate}
                    data-menu-item={item.id}
                  />
                );
              })}
            </Fragment>
          );
        })}
      </Stack>
    </div>
  );
}
