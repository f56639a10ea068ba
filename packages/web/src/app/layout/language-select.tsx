import { ActionIcon, Box, Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { cloneElement, type ReactElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '../../shared/i18n/index.ts';

type HeaderMenus = typeof import('./header-menus.tsx');

let loaded: HeaderMenus | undefined;
let loading: Promise<HeaderMenus> | undefined;
function loadHeaderMenus(): Promise<HeaderMenus> {
  loading ??= import('./header-menus.tsx').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/**
 * A header button and its menu (header-menus.tsx). The button draws at once; the menu's code follows
 * right after the first paint, off the login route's critical path. A click in between opens the menu
 * as soon as it arrives; the button keeps the focus it had across the swap.
 */
function HeaderMenuButton({ menu, target }: { menu: 'language' | 'display'; target: ReactElement }) {
  const [menus, setMenus] = useState(loaded);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (menus) return;
    let live = true;
    void loadHeaderMenus().then((module) => {
      if (live) setMenus(module);
    });
    return () => {
      live = false;
    };
  }, [menus]);
  useEffect(() => {
    if (menus && focused.current) ref.current?.focus();
  }, [menus]);

  if (!menus)
    return cloneElement(target as ReactElement<Record<string, unknown>>, {
      ref,
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: () => setOpenOnArrival(true),
      onFocus: () => {
        focused.current = true;
      },
      onBlur: () => {
        focused.current = false;
      },
    });
  const Menu = menu === 'language' ? menus.LanguageMenu : menus.DisplayMenu;
  return (
    <Menu
      target={cloneElement(target as ReactElement<Record<string, unknown>>, { ref })}
      defaultOpened={openOnArrival}
    />
  );
}

/** Header language menu: ~40 languages by native name (spec §1). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = findLanguage(i18n.language);
  return (
    <HeaderMenuButton
      menu="language"
      target={
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={18} />}
          // The accessible name holds the visible code too (WCAG 2.5.3, label in name).
          aria-label={`${t('common:language.label')} ${(current?.code ?? 'en-gb').toUpperCase()}`}
          title={t('common:language.label')}
          data-testid="language-select"
        >
          <Box component="span" visibleFrom="xs">
            {(current?.code ?? 'en-gb').toUpperCase()}
          </Box>
        </Button>
      }
    />
  );
}

/** Language and theme in one header button on a phone: the theme switch, then the languages. */
export function PhoneDisplayMenu() {
  const { t } = useTranslation();
  return (
    <HeaderMenuButton
      menu="display"
      target={
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('common:display.menu')}
          title={t('common:display.menu')}
          data-testid="display-menu"
        >
          <IconLanguage size={20} stroke={1.6} />
        </ActionIcon>
      }
    />
  );
}
