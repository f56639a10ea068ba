import {
  Checkbox,
  Fieldset,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  AML_QUESTIONS,
  apiRoutes,
  DOCUMENT_TYPES,
  type PersonInput,
  type PersonView,
  plainDateAt,
  validatePerson,
} from '@portal/domain';
import { useEffect } from 'react';
import { Controller, type FieldError, get, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { timezoneOffsetMinutes } from '../../../shared/api/index.ts';
import { CountrySelect } from '../../../shared/references/index.ts';
import { useAddPerson, useUpdatePerson } from '../api.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { useFieldError } from '../../../shared/forms/field-message.ts';
import { bodySchema, cleanEmpty, domainResolver } from '../../../shared/forms/form-utils.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';

const EMPTY: PersonInput = {
  first_name: '',
  last_name: '',
  birth_date: '',
  email: '',
  document: {
    type: 'passport',
    number: '',
    issuedCountryCode: '',
    issuedBy: '',
    issuedDate: '',
    expirationDate: '',
  },
  is_as: false,
  is_lr: false,
  is_bo: false,
  position: '',
  mobile: '',
  authority: { basis: '', issue_date: '', expiry_date: '' },
  ownership: '',
  identification_code: '',
  residence_address: { country: '', state: '', zip: '', city: '', street: '' },
  has_bankruptcy: false,
  aml: Object.fromEntries(AML_QUESTIONS.map((q) => [q, false])) as PersonInput['aml'],
};

/** What the form sends: empty optional parts dropped, the bankruptcy answer kept consistent. */
function prepare(values: PersonInput): unknown {
  const cleaned = cleanEmpty({ ...values }) ?? {};
  const out = {
    ...EMPTY,
    ...cleaned,
    aml: values.aml,
    is_as: values.is_as,
    is_lr: values.is_lr,
    is_bo: values.is_bo,
  } as PersonInput;
  out.has_bankruptcy = values.aml.bankruptcy;
  if (!values.is_as && !cleanEmpty(values.authority)) delete out.authority;
  if (!values.is_bo && !values.ownership) delete out.ownership;
  return out;
}

const personSchema = bodySchema(apiRoutes.personAdd);
const resolver = domainResolver<typeof personSchema, PersonInput>(personSchema, prepare, (parsed) =>
  validatePerson(parsed, plainDateAt(new Date(), timezoneOffsetMinutes())),
);

export interface PersonFormModalProps {
  opened: boolean;
  person: PersonView | null;
  onClose: () => void;
}

/** Add or change a related person (the BO identification form): identity, document, roles, AML answers. */
export function PersonFormModal({ opened, person, onClose }: PersonFormModalProps) {
  const { t } = useTranslation();
  const add = useAddPerson();
  const update = useUpdatePerson();
  const form = useForm<PersonInput>({ resolver, defaultValues: EMPTY });
  const isFrozen = person?.verified === true;

  useEffect(() => {
    if (!opened) return;
    form.reset(
      person
        ? ({ ...EMPTY, ...person, authority: person.authority ?? EMPTY.authority } as PersonInput)
        : EMPTY,
    );
  }, [opened, person, form]);

  const fieldError = useFieldError();
  const err = (name: FieldPath<PersonInput>) =>
    fieldError((get(form.formState.errors, name) as FieldError | undefined)?.message);
  type Options = { frozen?: boolean };
  /** What every field of the form gets: label, error, read-only once the person is verified, test hook. */
  const fieldProps = (name: FieldPath<PersonInput>, options: Options) => ({
    label: t(`wizard:person.${name}`),
    readOnly: options.frozen && isFrozen,
    error: err(name),
    'data-field': name,
  });
  const text = (name: FieldPath<PersonInput>, options: Options & { type?: string } = {}) => (
    <TextInput {...fieldProps(name, options)} type={options.type} {...form.register(name)} />
  );
  const country = (
    name: 'document.issuedCountryCode' | 'residence_address.country',
    options: Options = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <CountrySelect
          {...fieldProps(name, options)}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
        />
      )}
    />
  );
  type DateName =
    | 'birth_date'
    | 'document.issuedDate'
    | 'document.expirationDate'
    | 'authority.issue_date'
    | 'authority.expiry_date';
  const date = (name: DateName, options: Options = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <DateField
          {...fieldProps(name, options)}
          name={name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
  const onSubmit = form.handleSubmit(async (values) => {
    const body = prepare(values) as PersonInput;
    if (person) await update.mutateAsync({ params: { id: person.id }, body });
    else await add.mutateAsync({ body });
    onClose();
  });
  const isBo = form.watch('is_bo');
  const isAs = form.watch('is_as');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={person ? t('wizard:person.editTitle') : t('wizard:person.addTitle')}
    >
      <form noValidate onSubmit={onSubmit} data-testid="person-form">
        <Stack gap="md">
          {isFrozen ? (
            <Text size="sm" c="dimmed">
              {t('wizard:person.frozen')}
            </Text>
          ) : null}
          <Group gap="lg">
            {(['is_as', 'is_lr', 'is_bo'] as const).map((role) => (
              <Checkbox
                key={role}
                label={t(`wizard:person.${role}`)}
                data-field={role}
                {...form.register(role)}
              />
            ))}
          </Group>
          {err('is_as') ? (
            <Text size="sm" c="red">
              {err('is_as')}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('first_name', { frozen: true })}
            {text('last_name', { frozen: true })}
            {date('birth_date', { frozen: true })}
            {text('email', { type: 'email', frozen: true })}
            {text('position')}
            {text('mobile')}
            {text('identification_code')}
            {isBo ? text('ownership') : null}
          </SimpleGrid>
          <Fieldset legend={t('wizard:person.documentLegend')} radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="document.type"
                render={({ field }) => (
                  <Select
                    label={t('wizard:person.document.type')}
                    readOnly={isFrozen}
                    data={DOCUMENT_TYPES.map((value) => ({
                      value,
                      label: t(`wizard:documentType.${value}`),
                    }))}
                    value={field.value}
                    onChange={(value) => value && field.onChange(value)}
                  />
                )}
              />
              {text('document.number', { frozen: true })}
              {country('document.issuedCountryCode', { frozen: true })}
              {text('document.issuedBy', { frozen: true })}
              {date('document.issuedDate', { frozen: true })}
              {date('document.expirationDate', { frozen: true })}
            </SimpleGrid>
          </Fieldset>
          {isAs ? (
            <Fieldset legend={t('wizard:person.authorityLegend')} radius="md">
              {err('authority') ? (
                <Text size="sm" c="red">
                  {err('authority')}
                </Text>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {text('authority.basis')}
                {date('authority.issue_date')}
                {date('authority.expiry_date')}
              </SimpleGrid>
            </Fieldset>
          ) : null}
          <Fieldset legend={t('wizard:person.addressLegend')} radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {country('residence_address.country')}
              {text('residence_address.state')}
              {text('residence_address.zip')}
              {text('residence_address.city')}
            </SimpleGrid>
            {text('residence_address.street')}
          </Fieldset>
          <Fieldset legend={t('wizard:person.amlLegend')} radius="md">
            <Stack gap={8}>
              {AML_QUESTIONS.map((q) => (
                <Switch
                  key={q}
                  label={t(`wizard:aml.${q}`)}
                  error={err(`aml.${q}`)}
                  {...form.register(`aml.${q}`)}
                />
              ))}
            </Stack>
          </Fieldset>
          <DialogActions
            cancelLabel={t('common:actions.cancel')}
            onCancel={onClose}
            submitLabel={t('common:actions.save')}
            isSubmitting={add.isPending || update.isPending}
            submitTestId="person-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
