import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ProviderContactKind } from '@portal/domain';
import { IconBuildingBank, IconHeadset, IconMail, IconShieldCheck, IconUserStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/ui/index.ts';
import { useProviderContacts } from '../api.ts';
import { ContactHeading, ContactPhone } from './contact-parts.tsx';

const ICONS = {
  support: IconHeadset,
  compliance: IconShieldCheck,
  account_manager: IconUserStar,
} as const satisfies Record<ProviderContactKind, unknown>;

/** Provider contacts (spec §1, §2): the platform entity serving the company, its support, compliance and account managers. */
export function ProviderContactsPage() {
  const { t } = useTranslation('companyInfo');
  const query = useProviderContacts();
  const data = query.data;
  return (
    <Page title={t('provider.title')} description={t('provider.description')}>
      {!data ? (
        <Stack gap="md">
          <Skeleton h={110} radius="md" />
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Skeleton h={120} radius="md" />
            <Skeleton h={120} radius="md" />
          </SimpleGrid>
        </Stack>
      ) : (
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" data-testid="provider-entity">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="xl" size={40}>
                <IconBuildingBank size={20} />
              </ThemeIcon>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Title order={3} size="h4">
                    {data.entity.legal_name}
                  </Title>
                  <Badge variant="light">{t('provider.platform', { platform: data.platform })}</Badge>
                </Group>
                <Text size="sm">{data.entity.address}</Text>
                <Text size="sm" c="dimmed">
                  {data.entity.regulator}
                </Text>
              </Stack>
            </Group>
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} data-testid="provider-contacts">
            {data.contacts.map((c) => {
              const Icon = ICONS[c.kind];
              return (
                <Paper
                  key={`${c.kind}-${c.email}`}
                  withBorder
                  radius="md"
                  p="md"
                  data-testid={`provider-${c.kind}`}
                >
                  <Stack gap={8}>
                    <Group gap="xs" wrap="nowrap">
                      <ThemeIcon variant="light" radius="xl" size={32}>
                        <Icon size={16} />
                      </ThemeIcon>
                      <ContactHeading title={t(`provider.kinds.${c.kind}`)} subtitle={c.name} />
                    </Group>
                    <Group gap={6} wrap="nowrap">
                      <IconMail size={14} />
                      <Text
                        size="sm"
                        component="a"
                        href={`mailto:${c.email}`}
                        style={{ wordBreak: 'break-all' }}
                      >
                        {c.email}
                      </Text>
                    </Group>
                    <ContactPhone phone={c.phone} />
                    {c.hours ? (
                      <Text size="xs" c="dimmed">
                        {t('provider.hours', { hours: c.hours })}
                      </Text>
                    ) : null}
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
          {data.contacts.some((c) => c.kind === 'account_manager') ? null : (
            <Text size="sm" c="dimmed">
              {t('provider.noManager')}
            </Text>
          )}
        </Stack>
      )}
    </Page>
  );
}
