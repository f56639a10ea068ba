import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { StaffQueues } from '@portal/domain';
import {
  IconBuildingBank,
  IconBuildingCommunity,
  IconFileCheck,
  IconMail,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format/index.ts';
import { href } from '../../../shared/routes/route-names.ts';
import { Page } from '../../../shared/ui/index.ts';
import { useStaffQueues } from '../api.ts';

interface Queue {
  key: keyof StaffQueues;
  icon: ComponentType<IconProps>;
  to: string;
}

const QUEUES: readonly Queue[] = [
  { key: 'boardings_waiting', icon: IconBuildingCommunity, to: href('operator') },
  { key: 'reviews_due', icon: IconFileCheck, to: href('operator') },
  { key: 'open_cases', icon: IconMail, to: href('operatorCases') },
  { key: 'va_requests', icon: IconBuildingBank, to: href('operatorVirtualAccounts') },
];

/**
 * The staff landing page (issue 36): what waits for the operator — boardings to review, files to
 * verify, open support cases, VA requests to decide — each leading to its list. One small call;
 * the client dashboard's widgets (a company's balances and payments) mean nothing to staff.
 */
export function StaffHomePage() {
  const { t } = useTranslation('operator');
  const fmt = useFormat();
  const queues = useStaffQueues();
  return (
    <Page title={t('home.title')} description={t('home.description')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="staff-queues">
        {QUEUES.map(({ key, icon: Icon, to }) => (
          <Paper key={key} withBorder radius="md" p="md" data-testid={`staff-queue-${key}`}>
            <Stack gap="xs" h="100%">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600}>
                  {t(`home.queues.${key}.title`)}
                </Text>
                <ThemeIcon variant="light" radius="xl" size={32}>
                  <Icon size={18} />
                </ThemeIcon>
              </Group>
              {queues.data ? (
                <Text fz={32} fw={700} lh={1} data-testid={`staff-count-${key}`}>
                  {fmt.number(queues.data.queues[key])}
                </Text>
              ) : (
                <Skeleton height={32} width={64} />
              )}
              <Text size="xs" c="dimmed">
                {t(`home.queues.${key}.hint`)}
              </Text>
              <Anchor component={Link} to={to} size="sm" mt="auto">
                {t(`home.queues.${key}.open`)}
              </Anchor>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Page>
  );
}
