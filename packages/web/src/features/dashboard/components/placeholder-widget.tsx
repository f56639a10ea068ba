import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WidgetCard } from './widget-card.tsx';

/** A widget whose area has not landed yet (Instant FX, boarding to-do): its title and an honest note. */
export function PlaceholderWidget({ titleKey, hasRights }: { titleKey: string; hasRights: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <WidgetCard title={t(titleKey)} hasRights={hasRights} testId="widget-placeholder">
      <Center style={{ flex: 1 }} py="lg">
        <Stack align="center" gap={6}>
          <ThemeIcon variant="light" color="gray" radius="xl" size={40}>
            <IconHourglassEmpty size={20} />
          </ThemeIcon>
          <Text size="sm" c="dimmed" ta="center" maw={240}>
            {t('placeholder')}
          </Text>
        </Stack>
      </Center>
    </WidgetCard>
  );
}
