import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Frame of one dashboard widget; without the widget's right it shows 'No rights for widget' (spec §2). */
export function WidgetCard({
  title,
  actions,
  hasRights = true,
  children,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  hasRights?: boolean;
  children?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid={testId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" mih={28}>
          <Title order={3} size="h5">
            {title}
          </Title>
          {hasRights ? actions : null}
        </Group>
        {hasRights ? (
          children
        ) : (
          <Stack align="center" justify="center" gap="xs" py="xl" style={{ flex: 1 }} data-testid="no-rights">
            <ThemeIcon variant="light" color="gray" radius="xl" size={40}>
              <IconLock size={20} />
            </ThemeIcon>
            <Text c="dimmed" size="sm">
              {t('noRights')}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
