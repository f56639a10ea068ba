import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { logout, useRights } from '../../shared/session/index.ts';
import classes from './layout.module.css';
import { MENU_SECTIONS, visibleMenuItems } from './menu-config.ts';

const isActive = (pathname: string, to: string): boolean =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

/** Side menu built from `MENU_ITEMS`; sections without visible items are skipped. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const rights = useRights();
  const items = visibleMenuItems(rights.has);
  return (
    <ScrollArea type="scroll" h="100%">
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
                    active={isActive(pathname, to)}
                    onClick={onNavigate}
                    data-menu-item={item.id}
                  />
                );
              })}
            </Fragment>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
