import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { serviceKindLabel } from '../../../shared/i18n/code-labels.ts';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { Page } from '../../../shared/ui/index.ts';
import { useFeaturesAlerts } from '../api.ts';

/** Features and Alerts (spec §1, §2): enabled features, limits from the offer, alerts the server computed. */
export function FeaturesAlertsPage() {
  const { t } = useTranslation('companyInfo');
  const fmt = useFormat();
  const query = useFeaturesAlerts();
  const data = query.data;
  const date = (iso: string | null) => (iso ? fmt.date(iso) : '');
  return (
    <Page title={t('features.title')} description={t('features.description')}>
      {!data ? (
        <Stack gap="md">
          <Skeleton h={90} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Stack gap="xs" data-testid="alerts">
            <Title order={3} size="h4">
              {t('features.alertsTitle')}
            </Title>
            {data.alerts.length === 0 ? (
              <Alert color="teal" icon={<IconCircleCheck size={18} />}>
                {t('features.noAlerts')}
              </Alert>
            ) : (
              data.alerts.map((a) => (
                <Alert
                  key={`${a.kind}-${a.subject}`}
                  color={a.severity === 'danger' ? 'red' : 'yellow'}
                  icon={<IconAlertTriangle size={18} />}
                  title={t(`features.alerts.${a.kind}.title`)}
                  data-testid={`alert-${a.kind}`}
                >
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm">
                      {t(`features.alerts.${a.kind}.text`, {
                        subject: a.subject,
                        date: date(a.date),
                        count: a.count,
                        amount: a.amount && a.currency ? fmt.money(a.amount, a.currency) : '',
                      })}
                    </Text>
                    {a.kind === 'paymentsAwaitingApproval' ? (
                      <Text
                        size="sm"
                        component={Link}
                        to={href('mi_acc_payments', { workMode: 'list' })}
                        c="blue"
                      >
                        {t('features.openPayments')}
                      </Text>
                    ) : null}
                  </Group>
                </Alert>
              ))
            )}
          </Stack>

          <Paper withBorder radius="md" p="md" data-testid="limits">
            <Stack gap="sm">
              <Title order={3} size="h4">
                {t('features.limitsTitle')}
              </Title>
              {data.limits ? (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                  <Fact label={t('features.limits.offer')} value={data.limits.offer_number} />
                  <Fact label={t('features.limits.term')} value={data.limits.term} />
                  <Fact
                    label={t('features.limits.minimumFunds')}
                    value={fmt.money(data.limits.minimum_funds.amount, data.limits.minimum_funds.currency)}
                  />
                  <Fact label={t('features.limits.currencies')} value={data.limits.currencies.join(', ')} />
                  <Fact label={t('features.limits.defaultCurrency')} value={data.limits.default_currency} />
                  <Fact
                    label={t('features.limits.paymentSystems')}
                    value={data.limits.payment_systems.join(', ')}
                  />
                  <Fact
                    label={t('features.limits.accountTypes')}
                    value={data.limits.account_types.join(', ')}
                  />
                  <Fact label={t('features.limits.territories')} value={data.limits.territories.join(', ')} />
                  <Fact label={t('features.limits.expiry')} value={date(data.limits.expiry_date)} />
                  <Fact label={t('features.limits.fee')} value={data.limits.fee} />
                </SimpleGrid>
              ) : (
                <Group gap="xs">
                  <IconInfoCircle size={16} />
                  <Text size="sm" c="dimmed">
                    {t('features.noOffer')}
                  </Text>
                </Group>
              )}
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p="md" data-testid="features">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3} size="h4">
                  {t('features.featuresTitle')}
                </Title>
                <Badge variant="light" tt="none" data-testid="features-service">
                  {serviceKindLabel(t, data.service_code)}
                </Badge>
              </Group>
              <Table.ScrollContainer minWidth={0}>
                <Table verticalSpacing={6}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('features.method')}</Table.Th>
                      <Table.Th ta="right">{t('features.state')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.features.map((f) => (
                      <Table.Tr key={`${f.direction}-${f.method}`}>
                        <Table.Td>{f.label}</Table.Td>
                        <Table.Td ta="right">
                          <Group gap={4} justify="flex-end" wrap="nowrap" c={f.enabled ? 'teal' : 'dimmed'}>
                            {f.enabled ? <IconCircleCheck size={14} /> : <IconCircleX size={14} />}
                            <Text size="sm" c="inherit">
                              {t(f.enabled ? 'features.enabled' : 'features.disabled')}
                            </Text>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Paper>
        </Stack>
      )}
    </Page>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
