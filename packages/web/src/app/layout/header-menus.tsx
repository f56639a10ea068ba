import { Menu, ScrollArea, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconMoon, IconSun } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage, type LanguageDef, languageGroups, setLanguage } from '../../shared/i18n/index.ts';

/**
 * The dropdowns of the header's menu buttons. Mantine's Menu brings the floating positioning library,
 * transitions and focus handling; the header draws its buttons without them and loads this module
 * after the first paint (language-select.tsx `HeaderMenuButton`).
 */
export interface HeaderMenuProps {
  target: ReactElement;
  /** Open at once: the button was clicked before this module arrived. */
  defaultOpened?: boolean;
}

/** A menu of the header: it opens under its button, aligned to the right edge. */
function HeaderMenu({ target, defaultOpened, children }: HeaderMenuProps & { children: ReactNode }) {
  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** Header language menu: ~40 languages by native name (spec §1). */
export function LanguageMenu(props: HeaderMenuProps) {
  return (
    <HeaderMenu {...props}>
      <LanguageMenuItems maxHeight={360} />
    </HeaderMenu>
  );
}

/** Language and theme in one header button on a phone: the theme switch, then the languages. */
export function DisplayMenu(props: HeaderMenuProps) {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <HeaderMenu {...props}>
      <Menu.Item
        leftSection={next === 'light' ? <IconSun size={16} /> : <IconMoon size={16} />}
        onClick={() => setColorScheme(next)}
        data-testid="theme-toggle"
      >
        {t(next === 'light' ? 'common:theme.switchToLight' : 'common:theme.switchToDark')}
      </Menu.Item>
      <Menu.Divider />
      <LanguageMenuItems maxHeight={300} />
    </HeaderMenu>
  );
}

/**
 * The languages of a header menu by native name, the current one ticked; a click switches to it.
 * Fully translated languages come first; the others sit under a label saying that only dates and
 * numbers follow them (issue 36), so nobody expects texts that are not there.
 */
function LanguageMenuItems({ maxHeight }: { maxHeight: number }) {
  const { t, i18n } = useTranslation();
  const current = findLanguage(i18n.language);
  const { translated, formatOnly } = languageGroups();
  const item = (language: LanguageDef) => (
    <Menu.Item
      key={language.code}
      lang={language.intl}
      onClick={() => void setLanguage(language.code)}
      rightSection={language.code === current?.code ? <IconCheck size={14} /> : null}
      data-lang={language.code}
    >
      {language.nativeName}
    </Menu.Item>
  );
  return (
    <>
      <Menu.Label>{t('common:language.label')}</Menu.Label>
      <ScrollArea.Autosize mah={maxHeight} type="auto">
        <Menu.Label data-testid="languages-translated">{t('common:language.translated')}</Menu.Label>
        {translated.map(item)}
        <Menu.Divider />
        <Menu.Label data-testid="languages-format-only">{t('common:language.formatOnly')}</Menu.Label>
        {formatOnly.map(item)}
      </ScrollArea.Autosize>
    </>
  );
}
