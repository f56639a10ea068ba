import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { serviceKindLabel } from '../../../shared/i18n/code-labels.ts';
import { intlLocale } from '../../../shared/i18n/index.ts';
import { useCompanyData } from '../company-api.ts';

/** A country by its name in the user's language (GB → United Kingdom); the code when unknown. */
function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([intlLocale()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Company details as the merchant data holds them (spec §3 Merchant additional_data); read-only here. */
export function CompanyDetailsCard({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const data = useCompanyData(merchantId).data?.merchant_data;
  if (!data) return <Skeleton h={200} radius="md" />;
  const extra = data.additional_data;
  const rows: [string, string][] = [
    [t('settings:company.details.name'), extra.company_name || data.name],
    [t('settings:company.details.street'), extra.company_street ?? ''],
    [t('settings:company.details.city'), extra.company_city ?? ''],
    [t('settings:company.details.state'), extra.company_state ?? ''],
    [t('settings:company.details.zip'), extra.company_zip ?? ''],
    [t('settings:company.details.country'), countryName(extra.company_country_code ?? '')],
  ];
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="h4" data-testid="company-name">
            {data.name}
          </Title>
          <Group gap="xs">
            <Badge variant="light" tt="none" data-testid="company-service">
              {serviceKindLabel(t, data.service_code)}
            </Badge>
            <Badge variant="light" color="grape">
              {data.platform}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {rows.map(([label, value]) => (
            <Stack key={label} gap={2}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm">{value || '—'}</Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('settings:company.details.hint')}
        </Text>
      </Stack>
    </Card>
  );
}
