import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { errorMessage } from '../../../shared/api/index.ts';

/** A mailed link that could not be used: the server's reason (spec §8 wording) and a way on. */
export function LinkProblem({
  titleKey,
  error,
  message,
}: {
  titleKey: string;
  error: unknown;
  /** Overrides the general display rule (e.g. 'Problem confirming email: {error}'). */
  message?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="link-problem">
      <Title order={2} fz="h3">
        {t(titleKey)}
      </Title>
      <Alert color="red" icon={<IconLinkOff size={18} />}>
        {message ?? errorMessage(error, t)}
      </Alert>
      <Anchor component={Link} to={href('login')} size="sm">
        {t('login:goToLogin')}
      </Anchor>
    </Stack>
  );
}
