import { Box, Button, Menu, ScrollArea } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { findLanguage, LANGUAGES, setLanguage } from '../../shared/i18n/index.ts';

/** Header language menu: ~40 languages by native name (spec §1). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = findLanguage(i18n.language);
  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal>
      <Menu.Target>
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('common:language.label')}</Menu.Label>
        <ScrollArea.Autosize mah={360} type="auto">
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
      </Menu.Dropdown>
    </Menu>
  );
}
