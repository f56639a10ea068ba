import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconWorldWww } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../shared/i18n/index.ts';
import type { DirectoryEntry } from '../api.ts';

/** One published member: only what the company chose to publish, shown as plain text. */
export function EntryCard({ entry }: { entry: DirectoryEntry }) {
  const { t } = useTranslation();
  const regions = new Intl.DisplayNames([intlLocale()], { type: 'region' });
  return (
    <Card withBorder radius="md" padding="md" data-testid="directory-entry" h="100%">
      <Stack gap="xs">
        <Text fw={600} size="lg" lineClamp={2}>
          {entry.display_name}
        </Text>
        <Group gap={6}>
          {entry.services.map((s) => (
            <Badge key={s} variant="light" size="sm">
              {t(`ecosystem:services.${s}`, { defaultValue: s })}
            </Badge>
          ))}
        </Group>
        {entry.description ? (
          <Text
            size="sm"
            c="dimmed"
            lineClamp={4}
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {entry.description}
          </Text>
        ) : null}
        {entry.countries.length > 0 ? (
          <Text size="sm">
            <Text span c="dimmed">
              {t('ecosystem:card.countries')}:{' '}
            </Text>
            {entry.countries.map((c) => regions.of(c) ?? c).join(', ')}
          </Text>
        ) : null}
        {entry.currencies.length > 0 ? (
          <Text size="sm">
            <Text span c="dimmed">
              {t('ecosystem:card.currencies')}:{' '}
            </Text>
            {entry.currencies.join(', ')}
          </Text>
        ) : null}
        {entry.networks.length > 0 ? (
          <Text size="sm">
            <Text span c="dimmed">
              {t('ecosystem:card.networks')}:{' '}
            </Text>
            {entry.networks.map((n) => t(`ecosystem:networks.${n}`, { defaultValue: n })).join(', ')}
          </Text>
        ) : null}
        <Group gap="md" mt={4}>
          {entry.website ? (
            <Anchor href={entry.website} target="_blank" rel="noopener noreferrer nofollow" size="sm">
              <Group gap={4} wrap="nowrap">
                <IconWorldWww size={16} />
                {entry.website.replace(/^https:\/\//, '')}
              </Group>
            </Anchor>
          ) : null}
          {entry.contact_email ? (
            <Anchor href={`mailto:${entry.contact_email}`} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconMail size={16} />
                {entry.contact_name ? `${entry.contact_name} · ` : ''}
                {entry.contact_email}
              </Group>
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
