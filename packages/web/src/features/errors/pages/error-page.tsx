import { Alert, Button, Center, Paper, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { boardingHref, href } from '../../../shared/routes/route-names.ts';

/** Error types passed in query `t` (spec §2 boarding err); each has a text in `errors:types`. */
export const ERROR_TYPES = ['badLink', 'refresh', 'noAccess'] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/**
 * Route `err`: /err (normal) and /err/:uuid?/:role? (boarding). Shows query `m`, or the text of
 * error type `t`; in boarding mode links back to the boarding login of the link's uuid and role.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { uuid, role } = useParams();
  const type = search.get('t');
  const message =
    search.get('m') ||
    (type && (ERROR_TYPES as readonly string[]).includes(type)
      ? t(`errors:types.${type}`)
      : t('errors:types.generic'));
  const back = uuid && role ? boardingHref('login', { uuid, role }) : uuid ? null : href('main');

  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={560}>
        <title>{t('common:errorPage.title')}</title>
        <Stack gap="md">
          <Title order={2} fz="h3">
            {t('common:errorPage.title')}
          </Title>
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="error-message"
          >
            {message}
          </Alert>
          {back ? (
            <Button component={Link} to={back} variant="light" w="fit-content">
              {uuid ? t('common:errorPage.backToBoardingLogin') : t('common:errorPage.backHome')}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}
