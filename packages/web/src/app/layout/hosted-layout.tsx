import { Container, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSelect } from './language-select.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/**
 * The customer-facing hosted payment page's own layout (issue 14): no portal header, menu or
 * session, only the language and theme switches; narrow enough for a 390 px phone.
 */
export function HostedLayout() {
  const { t } = useTranslation('paymentRequests');
  return (
    <Container size={560} px="sm" py="md">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Text fw={700} size="sm" c="dimmed">
          {t('paymentRequests:hosted.brand')}
        </Text>
        <Group gap={4} wrap="nowrap">
          <LanguageSelect />
          <ThemeToggle />
        </Group>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Outlet />
      </Paper>
    </Container>
  );
}
