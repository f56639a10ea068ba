import { Anchor, Button, List, Popover, Stack, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { labelKey } from '../forms/company-fields.tsx';
import { tabOfField } from '../forms/required-fields.ts';

/** STYLE.md: after a jump, the field is scrolled to and focused once the tab has rendered. */
const FIELD_SCROLL_DELAY_MS = 200;

/**
 * The required fields still empty (or wrong), each a link that opens its tab and puts the cursor in
 * it: "12 required fields are still empty" alone left the applicant searching (issue 36).
 */
export function MissingFields({ missing }: { missing: readonly string[] }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const [opened, setOpened] = useState(false);
  const jumpTo = (key: string) => {
    setOpened(false);
    setParams({ tab: tabOfField(key) }, { replace: true });
    window.setTimeout(() => {
      const input = document.querySelector<HTMLElement>(`[data-field="company.${key}"]`);
      input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      input?.focus();
    }, FIELD_SCROLL_DELAY_MS);
  };
  // A questionnaire not started at all is one entry named after its tab.
  const label = (key: string) =>
    key.includes('.') || !['crypto', 'pfp'].includes(key)
      ? t(labelKey(`company.${key}` as never))
      : t(`wizard:appforms.tabs.${key}`);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" width={320} shadow="md" withArrow>
      <Popover.Target>
        <Button
          variant="subtle"
          color="orange"
          size="compact-sm"
          leftSection={<IconListCheck size={16} />}
          onClick={() => setOpened((o) => !o)}
          data-testid="forms-missing"
        >
          {t('wizard:appforms.missing', { count: missing.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} mah={320} style={{ overflowY: 'auto' }}>
          <Text size="xs" c="dimmed">
            {t('wizard:appforms.missingHint')}
          </Text>
          <List size="sm" spacing={4}>
            {missing.map((key) => (
              <List.Item key={key}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => jumpTo(key)}
                  data-missing={key}
                >
                  {label(key)}
                </Anchor>
                <Text span size="xs" c="dimmed">
                  {' · '}
                  {t(`wizard:appforms.tabs.${tabOfField(key)}`)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
