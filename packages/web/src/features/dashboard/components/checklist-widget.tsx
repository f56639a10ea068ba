import { Anchor, Badge, Center, Group, List, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { IconCircleCheck, IconCircleDashed, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useApiQuery } from '../../../shared/api/index.ts';
import { useCompanyId } from '../../../shared/freshness/index.ts';
import { WidgetCard } from '../../../shared/ui/widget-card.tsx';

const LINK_ROUTE = { contacts: 'companyContacts', featuresAlerts: 'featuresAlerts' } as const;

/**
 * Boarding to-do and go-live checklist (spec §1, §2): the items of the company's boarding record
 * still open, each with a link to the portal screen where the company can act on it.
 */
export function ChecklistWidget({ hasRights }: { hasRights: boolean }) {
  const { t } = useTranslation('dashboard');
  const companyId = useCompanyId();
  const query = useApiQuery(
    apiRoutes.dashboardChecklist,
    {},
    { queryKey: ['dashboard', companyId, 'checklist'], enabled: hasRights && companyId !== null },
  );
  const data = query.data;
  const open = data?.items.filter((i) => !i.done) ?? [];
  const done = (data?.items.length ?? 0) - open.length;
  return (
    <WidgetCard
      title={t('widgets.Checklist')}
      hasRights={hasRights}
      testId="widget-checklist"
      actions={
        data?.has_boarding ? (
          <Badge variant="light" color={open.length ? 'yellow' : 'teal'}>
            {t('checklist.progress', { done, total: data.items.length })}
          </Badge>
        ) : null
      }
    >
      {query.isPending ? (
        <Stack gap="xs">
          <Skeleton h={18} />
          <Skeleton h={18} />
          <Skeleton h={18} />
        </Stack>
      ) : !data?.has_boarding ? (
        <Center style={{ flex: 1 }} py="lg">
          <Text size="sm" c="dimmed" ta="center" maw={260}>
            {t('checklist.noBoarding')}
          </Text>
        </Center>
      ) : open.length === 0 ? (
        <Center style={{ flex: 1 }} py="lg">
          <Stack align="center" gap={6}>
            <ThemeIcon variant="light" color="teal" radius="xl" size={40}>
              <IconRocket size={20} />
            </ThemeIcon>
            <Text size="sm" c="dimmed" ta="center">
              {t(data.state === 'live' ? 'checklist.allDoneLive' : 'checklist.allDone')}
            </Text>
          </Stack>
        </Center>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('checklist.remaining', { count: open.length })}
          </Text>
          <List spacing={6} size="sm" center data-testid="checklist-open">
            {open.map((item) => (
              <List.Item
                key={item.item}
                icon={
                  <ThemeIcon color="yellow" variant="light" size={20} radius="xl">
                    <IconCircleDashed size={14} />
                  </ThemeIcon>
                }
              >
                <Group gap={6} wrap="wrap">
                  <Text size="sm">{t(`checklist.items.${item.item}`)}</Text>
                  {item.link ? (
                    <Anchor component={Link} to={href(LINK_ROUTE[item.link])} size="xs">
                      {t(`checklist.links.${item.link}`)}
                    </Anchor>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {t('checklist.provider')}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
          {done > 0 ? (
            <Group gap={6}>
              <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />
              <Text size="xs" c="dimmed">
                {t('checklist.doneCount', { count: done })}
              </Text>
            </Group>
          ) : null}
        </Stack>
      )}
    </WidgetCard>
  );
}
