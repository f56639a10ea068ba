import { Box, Button, Menu, ScrollArea } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage, LANGUAGES, setLanguage } from '../../shared/i18n/index.ts';

/** A menu of the header: it opens under its button, aligned to the right edge. */
export function HeaderMenu({ target, children }: { target: ReactElement; children: ReactNode }) {
  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** Header language menu: ~40 languages by native name (spec §1). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = findLanguage(i18n.language);
  return (
    <HeaderMenu
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
    >
      <LanguageMenuItems maxHeight={360} />
    </HeaderMenu>
  );
}

/** The languages of a header menu by native name, the current one ticked; a click switches to it. */
export function LanguageMenuItems({ maxHeight }: { maxHeight: number }) {
  const { t, i18n } = useTranslation();
  const current = findLanguage(i18n.language);
  return (
    <>
      <Menu.Label>{t('common:language.label')}</Menu.Label>
      <ScrollArea.Autosize mah={maxHeight} type="auto">
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.intl}
            onClick={() => void setLanguage(language.code)}
            rightSection={language.code === current?.code ? <IconCheck size={14} /> : null}
            data-lang={language.code}
          >
            {language.nativeName}
          </Menu.Item>
        ))}
      </ScrollArea.Autosize>
    </>
  );
}
