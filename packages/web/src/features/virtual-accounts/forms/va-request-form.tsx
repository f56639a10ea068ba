import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  corporateVaRequestSchema,
  individualVaRequestSchema,
  legalNameForRails,
  VA_COMPLIANCE_CHECK_TYPES,
  type VaClientType,
} from '@portal/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  Controller,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { href } from '../../../app/router/route-names.ts';
import { ApiError, notifySuccess } from '../../../shared/api/index.ts';
import { sha512Hex } from '../../auth/password-hash.ts';
import { useCreateVaRequest, useVaChallenge, useVaGroups, type VaConfirmation } from '../api.ts';
import { VaConfirmModal } from '../components/va-confirm-modal.tsx';
import { type AttachedDocument, VaDocumentsPicker } from '../components/va-documents.tsx';

// The union of both kinds' inputs: the form registers the fields of its kind only, and the resolver
// runs the domain package's schema of that kind (no rule is re-declared here).
type FormIn = Omit<Partial<z.input<typeof corporateVaRequestSchema>>, 'client_type'> &
  Omit<Partial<z.input<typeof individualVaRequestSchema>>, 'client_type'> & { client_type?: VaClientType };

/** A camelCase example name (spec §5), not text to translate. */
const PARAM_EXAMPLE = 'localFirstName';

function errorAt(errors: FieldErrors, path: string): string | undefined {
  let cur: unknown = errors;
  for (const part of path.split('.')) cur = (cur as Record<string, unknown> | undefined)?.[part];
  const message = (cur as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

const defaults = (type: VaClientType, walletUuid: string): FormIn => ({
  wallet_uuid: walletUuid,
  client_type: type,
  client_customer_id: '',
  email: '',
  phone: '',
  address: { country_code: '', city: '', street: '', zip: '' },
  tax_residency_country: '',
  us_taxpayer_id: '',
  industry_type: '',
  business_activity: '',
  relevant_information: '',
  custom_parameters: [],
  force_new_iban: false,
  compliance_check_type: 'standard',
  ...(type === 'individual'
    ? { first_name: '', last_name: '', birth_date: '' }
    : {
        corporate_customer_name: '',
        incorporation_number: '',
        incorporation_country_code: '',
        incorporation_date: '',
        trading_website: '',
        expected_turnover: '',
        beneficial_legal_entity: '',
        ultimate_beneficial_owners: [
          {
            name: '',
            birth_date: '',
            ownership: '',
            beneficial_owner_pep: undefined as unknown as 'no',
            beneficial_owner_pep_details: '',
          },
        ],
        publicly_traded: false,
        stock_ticker: '',
        stock_exchange_mic: '',
      }),
});

/** The individual and corporate VA request forms (spec §2, §3 fields, §5 rules), confirmed with SCA. */
export function VaRequestForm({ type, walletUuid }: { type: VaClientType; walletUuid: string }) {
  const { t } = useTranslation('virtualAccounts');
  const navigate = useNavigate();
  const schema = type === 'individual' ? individualVaRequestSchema : corporateVaRequestSchema;
  const form = useForm<FormIn, unknown, FieldValues>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults(type, walletUuid),
    mode: 'onTouched',
  });
  const params = useFieldArray({ control: form.control, name: 'custom_parameters' });
  const owners = useFieldArray({ control: form.control, name: 'ultimate_beneficial_owners' });
  const groups = useVaGroups();
  const challenge = useVaChallenge();
  const create = useCreateVaRequest();
  const [confirmation, setConfirmation] = useState<VaConfirmation | null>(null);
  const [details, setDetails] = useState<FieldValues | null>(null);
  const [documents, setDocuments] = useState<AttachedDocument[]>([]);
  const errors = form.formState.errors;
  const err = (path: string) => {
    const code = errorAt(errors, path);
    return code ? t(`validation.${code}`, { defaultValue: code }) : undefined;
  };
  const field = (path: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={t(`form.${label}`)}
      error={err(path)}
      data-testid={`va-field-${path}`}
      {...form.register(path as FieldPath<FormIn>)}
      {...extra}
    />
  );
  const companyName = form.watch('corporate_customer_name') ?? '';

  const applyServerFields = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const [path, code] of Object.entries(error.fields))
      form.setError(path.replace(/^iban_details\./, '') as FieldPath<FormIn>, { message: code });
  };

  const onSubmit = form.handleSubmit((fields) => {
    // The first attached file is the main document (spec document), the rest additionalDocuments.
    const [main, ...more] = documents.map((d) => ({ type: d.type, file_id: d.id }));
    const valid = { ...fields, document: main, additional_documents: more };
    setDetails(valid);
    challenge.mutate(
      { body: { kind: `va_request_${type}`, iban_details: valid } as never },
      { onSuccess: (answer) => setConfirmation(answer.confirmation), onError: applyServerFields },
    );
  });

  const confirm = async (password: string, code: string) => {
    if (!confirmation || !details) return;
    create.mutate(
      {
        params: { x: type },
        body: {
          iban_details: details,
          challenge_id: confirmation.challenge_id,
          password: await sha512Hex(password),
          secret_code: code,
        },
      },
      {
        onSuccess: (answer) => {
          setConfirmation(null);
          notifySuccess(t('new.sent'));
          navigate(href('mi_va_request', { uuid: walletUuid, requestUuid: answer.iban_request.uuid }));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'VALIDATION') {
            setConfirmation(null);
            applyServerFields(error);
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} data-testid={`va-form-${type}`}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <Title order={5} mb="sm">
            {t('form.customer')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {type === 'individual' ? (
              <>
                {field('first_name', 'firstName', { withAsterisk: true })}
                {field('last_name', 'lastName', { withAsterisk: true })}
                {field('birth_date', 'birthDate', { withAsterisk: true, placeholder: 'YYYY-MM-DD' })}
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
                {field('incorporation_date', 'incorporationDate', { placeholder: 'YYYY-MM-DD' })}
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

        <Paper withBorder radius="md" p="md">
          <Title order={5} mb="sm">
            {t('form.address')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('address.country_code', 'country', { withAsterisk: true, placeholder: 'GB' })}
            {field('address.city', 'city', { withAsterisk: true })}
            {field('address.street', 'street', { withAsterisk: true })}
            {field('address.zip', 'zip', { withAsterisk: true })}
          </SimpleGrid>
        </Paper>

        {type === 'corporate' ? (
          <Paper withBorder radius="md" p="md" data-testid="va-ubos">
            <Group justify="space-between" mb="sm">
              <Title order={5}>{t('form.ubos')}</Title>
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
                    {field(`ultimate_beneficial_owners.${i}.birth_date`, 'birthDate', {
                      withAsterisk: true,
                      placeholder: 'YYYY-MM-DD',
                    })}
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
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      w="fit-content"
                      onClick={() => owners.remove(i)}
                    >
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
        ) : null}

        <Paper withBorder radius="md" p="md">
          <Title order={5} mb="sm">
            {t('documents.title')}
          </Title>
          <VaDocumentsPicker
            value={documents}
            onChange={setDocuments}
            defaultType={type === 'corporate' ? 'incorporation_certificate' : 'identity_document'}
          />
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Title order={5} mb="sm">
            {t('form.more')}
          </Title>
          <Textarea
            label={t('form.relevantInformation')}
            error={err('relevant_information')}
            autosize
            minRows={2}
            data-testid="va-field-relevant_information"
            {...form.register('relevant_information')}
          />
          <Group justify="space-between" mt="md" mb="xs">
            <Text size="sm" fw={500}>
              {t('form.customParameters')}
            </Text>
            <ActionIcon
              variant="light"
              aria-label={t('form.addParameter')}
              onClick={() => params.append({ name: '', value: '' })}
              data-testid="va-add-param"
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Group>
          <Stack gap="xs">
            {params.fields.map((p, i) => (
              <Group key={p.id} align="flex-start" wrap="nowrap">
                <TextInput
                  flex={1}
                  placeholder={PARAM_EXAMPLE}
                  aria-label={t('form.parameterName')}
                  error={err(`custom_parameters.${i}.name`)}
                  data-testid={`va-param-name-${i}`}
                  {...form.register(`custom_parameters.${i}.name`)}
                />
                <TextInput
                  flex={1}
                  aria-label={t('form.parameterValue')}
                  error={err(`custom_parameters.${i}.value`)}
                  data-testid={`va-param-value-${i}`}
                  {...form.register(`custom_parameters.${i}.value`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={6}
                  aria-label={t('form.removeParameter')}
                  onClick={() => params.remove(i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            <Controller
              control={form.control}
              name="ibans_group_id"
              render={({ field: g }) => (
                <Select
                  label={t('form.group')}
                  placeholder={t('form.anyGroup')}
                  clearable
                  data={(groups.data?.iban_groups ?? []).map((x) => ({
                    value: String(x.id),
                    label: `${x.name} · ${x.check_rule_code}`,
                  }))}
                  value={g.value ? String(g.value) : null}
                  onChange={(v) => g.onChange(v ? Number(v) : undefined)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="compliance_check_type"
              render={({ field: c }) => (
                <Select
                  label={t('form.complianceCheck')}
                  data={VA_COMPLIANCE_CHECK_TYPES.map((x) => ({ value: x, label: t(`compliance.${x}`) }))}
                  value={c.value ?? 'standard'}
                  onChange={(v) => c.onChange(v ?? 'standard')}
                  allowDeselect={false}
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="force_new_iban"
            render={({ field: f }) => (
              <Switch
                mt="md"
                label={t('form.forceNewIban')}
                description={t('form.forceNewIbanHint')}
                checked={f.value ?? false}
                onChange={(e) => f.onChange(e.currentTarget.checked)}
              />
            )}
          />
        </Paper>

        {challenge.error &&
        !(challenge.error instanceof ApiError && challenge.error.code === 'VALIDATION') ? (
          <Alert color="red" data-testid="va-form-error">
            {t(`errors:${challenge.error instanceof ApiError ? challenge.error.code : 'INTERNAL'}`, {
              defaultValue: challenge.error.message,
            })}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={challenge.isPending} data-testid="va-form-submit">
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
      <VaConfirmModal
        confirmation={confirmation}
        isPending={create.isPending}
        error={create.error}
        onConfirm={(pw, code) => void confirm(pw, code)}
        onClose={() => setConfirmation(null)}
      />
    </form>
  );
}
