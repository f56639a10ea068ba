import {
  Button,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { legalNameForRails, type VaClientType } from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { Controller, type UseFieldArrayReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { VaFormKit, VaRequestFormValues } from './va-request-form-state.tsx';

/** Who the account is for: the person or the company, with the fields both kinds share. */
export function VaCustomerSection({
  type,
  kit: { form, err, field, dateField },
}: {
  type: VaClientType;
  kit: VaFormKit;
}) {
  const { t } = useTranslation('virtualAccounts');
  const companyName = form.watch('corporate_customer_name') ?? '';
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {t('form.customer')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {type === 'individual' ? (
          <>
            {field('first_name', 'firstName', { withAsterisk: true })}
            {field('last_name', 'lastName', { withAsterisk: true })}
            {dateField('birth_date', 'birthDate', { withAsterisk: true })}
          </>
        ) : (
          <>
            {field('corporate_customer_name', 'companyName', {
              withAsterisk: true,
              description: companyName.includes('&')
                ? t('form.ampersand', { name: legalNameForRails(companyName) })
                : undefined,
            })}
            {field('incorporation_number', 'incorporationNumber', { withAsterisk: true })}
            {field('incorporation_country_code', 'incorporationCountry', {
              withAsterisk: true,
              placeholder: 'GB',
            })}
            {dateField('incorporation_date', 'incorporationDate')}
            {field('trading_website', 'website', { placeholder: 'https://example.com' })}
            {field('expected_turnover', 'turnover', {
              withAsterisk: true,
              description: t('form.turnoverHint'),
            })}
            {field('beneficial_legal_entity', 'legalEntity')}
          </>
        )}
        {field('client_customer_id', 'customerId', {
          withAsterisk: true,
          description: t('form.customerIdHint'),
        })}
        {field('email', 'email')}
        {field('phone', 'phone')}
        {field('industry_type', 'industry', { withAsterisk: true })}
        {field('tax_residency_country', 'taxResidency', { withAsterisk: true, placeholder: 'GB' })}
        {field('us_taxpayer_id', 'usTaxpayerId')}
      </SimpleGrid>
      <Textarea
        mt="sm"
        label={t('form.activity')}
        error={err('business_activity')}
        autosize
        minRows={2}
        {...form.register('business_activity')}
      />
    </Paper>
  );
}

/** The customer's address. */
export function VaAddressSection({ kit: { field } }: { kit: VaFormKit }) {
  const { t } = useTranslation('virtualAccounts');
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {t('form.address')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field('address.country_code', 'country', { withAsterisk: true, placeholder: 'GB' })}
        {field('address.city', 'city', { withAsterisk: true })}
        {field('address.street', 'street', { withAsterisk: true })}
        {field('address.zip', 'zip', { withAsterisk: true })}
      </SimpleGrid>
    </Paper>
  );
}

/** A company's ultimate beneficial owners (each with the PEP question) and its listing. */
export function VaOwnersSection({
  kit: { form, err, field, dateField },
  owners,
}: {
  kit: VaFormKit;
  owners: UseFieldArrayReturn<VaRequestFormValues, 'ultimate_beneficial_owners'>;
}) {
  const { t } = useTranslation('virtualAccounts');
  return (
    <Paper withBorder radius="md" p="md" data-testid="va-ubos">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {t('form.ubos')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            owners.append({
              name: '',
              birth_date: '',
              ownership: '',
              beneficial_owner_pep: 'no',
              beneficial_owner_pep_details: '',
            })
          }
        >
          {t('form.addUbo')}
        </Button>
      </Group>
      {err('ultimate_beneficial_owners') ? (
        <Text c="red" size="sm">
          {err('ultimate_beneficial_owners')}
        </Text>
      ) : null}
      <Stack gap="md">
        {owners.fields.map((owner, i) => (
          <Stack key={owner.id} gap="xs">
            {i > 0 ? <Divider /> : null}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {field(`ultimate_beneficial_owners.${i}.name`, 'uboName', { withAsterisk: true })}
              {dateField(`ultimate_beneficial_owners.${i}.birth_date`, 'birthDate', { withAsterisk: true })}
              {field(`ultimate_beneficial_owners.${i}.ownership`, 'ownership', { withAsterisk: true })}
            </SimpleGrid>
            <Controller
              control={form.control}
              name={`ultimate_beneficial_owners.${i}.beneficial_owner_pep`}
              render={({ field: pep }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('form.pep')}
                  </Text>
                  <SegmentedControl
                    w={200}
                    value={pep.value ?? ''}
                    onChange={pep.onChange}
                    data={[
                      { value: 'no', label: t('form.no') },
                      { value: 'yes', label: t('form.yes') },
                    ]}
                    data-testid={`va-pep-${i}`}
                  />
                  {err(`ultimate_beneficial_owners.${i}.beneficial_owner_pep`) ? (
                    <Text c="red" size="xs">
                      {err(`ultimate_beneficial_owners.${i}.beneficial_owner_pep`)}
                    </Text>
                  ) : null}
                </Stack>
              )}
            />
            {form.watch(`ultimate_beneficial_owners.${i}.beneficial_owner_pep`) === 'yes' ? (
              <Textarea
                label={t('form.pepEvidence')}
                withAsterisk
                autosize
                minRows={2}
                error={err(`ultimate_beneficial_owners.${i}.beneficial_owner_pep_details`)}
                data-testid={`va-pep-evidence-${i}`}
                {...form.register(`ultimate_beneficial_owners.${i}.beneficial_owner_pep_details`)}
              />
            ) : null}
            {owners.fields.length > 1 ? (
              <Button size="xs" variant="subtle" color="red" w="fit-content" onClick={() => owners.remove(i)}>
                {t('form.removeUbo')}
              </Button>
            ) : null}
          </Stack>
        ))}
      </Stack>
      <Controller
        control={form.control}
        name="publicly_traded"
        render={({ field: traded }) => (
          <Switch
            mt="md"
            label={t('form.publiclyTraded')}
            checked={traded.value ?? false}
            onChange={(e) => traded.onChange(e.currentTarget.checked)}
          />
        )}
      />
      {form.watch('publicly_traded') ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          {field('stock_ticker', 'ticker')}
          {field('stock_exchange_mic', 'mic', { placeholder: 'XLON' })}
        </SimpleGrid>
      ) : null}
    </Paper>
  );
}
