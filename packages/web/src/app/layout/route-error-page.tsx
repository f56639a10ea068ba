import { Button, Center, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { dismissFirstPaint } from '../../shared/ui/first-paint.ts';

/** Last-resort boundary: a crash in a page shows this instead of a blank screen. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(dismissFirstPaint, []);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={560} w="100%">
        <Stack gap="md">
          <Title order={2} fz="h3">
            {t('common:errorPage.unexpectedTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('common:errorPage.unexpected')}
          </Text>
          {import.meta.env.DEV && detail ? <Code block>{detail}</Code> : null}
          <Button w="fit-content" onClick={() => window.location.reload()}>
            {t('common:errorPage.reload')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
