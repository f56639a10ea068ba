import { MultiSelect, NumberInput, Select, TagsInput, TextInput } from '@mantine/core';
import type { CompanyForm } from '@portal/domain';
import type { ReactElement } from 'react';
import {
  Controller,
  type ControllerRenderProps,
  type FieldError,
  type FieldPath,
  type UseFormReturn,
  get,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountryMultiSelect, CountrySelect } from '../../../shared/references/index.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { useFieldError } from '../../../shared/forms/field-message.ts';
import { fromYesNo, toYesNo } from '../../../shared/forms/form-utils.ts';
import { useIsRequired } from './required-fields.ts';

export interface CompanyValues {
  company: CompanyForm;
}
export type Form = UseFormReturn<CompanyValues>;
type Path = FieldPath<CompanyValues>;

export interface FieldProps {
  form: Form;
  name: Path;
  readOnly: boolean;
}

const rawErrorOf = (form: Form, name: Path): string | undefined =>
  (get(form.formState.errors, name) as FieldError | undefined)?.message;
/** The field's error in the user's language (the rules answer codes). */
function useErrorOf() {
  const translate = useFieldError();
  return (form: Form, name: Path) => translate(rawErrorOf(form, name));
}
export const labelKey = (name: Path) => `wizard:company.${name.replace(/^company\./, '')}`;

export function Text({ form, name, readOnly, type }: FieldProps & { type?: string }) {
  const { t } = useTranslation();
  const errorOf = useErrorOf();
  const isRequired = useIsRequired();
  return (
    <TextInput
      label={t(labelKey(name))}
      withAsterisk={isRequired(name)}
      type={type}
      readOnly={readOnly}
      error={errorOf(form, name)}
      data-field={name}
      {...form.register(name)}
    />
  );
}

/** What every controlled input of the form gets: its label, its translated error, read-only, its name as test hook. */
interface CommonInputProps {
  label: string;
  /** Marked required (the rules need it with the answers so far). */
  withAsterisk: boolean;
  error: string | undefined;
  readOnly: boolean;
  'data-field': Path;
}
type Field = ControllerRenderProps<CompanyValues, Path>;

/**
 * A field of the form whose input is not a plain text box: `renderInput` draws the input from the
 * form's value, the factory adds the Controller and the props every field shares.
 */
function controlledField<Extra extends object = object>(
  renderInput: (field: Field, common: CommonInputProps, extra: Extra) => ReactElement,
) {
  return function ControlledField({ form, name, readOnly, ...extra }: FieldProps & Extra) {
    const { t } = useTranslation();
    const errorOf = useErrorOf();
    const isRequired = useIsRequired();
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) =>
          renderInput(
            field,
            {
              label: t(labelKey(name)),
              withAsterisk: isRequired(name),
              error: errorOf(form, name),
              readOnly,
              'data-field': name,
            },
            extra as unknown as Extra,
          )
        }
      />
    );
  };
}

/** A list value: an empty list is kept as "not answered". */
const listValue = (field: Field) => ({
  value: (field.value as string[] | undefined) ?? [],
  onChange: (value: string[]) => field.onChange(value.length ? value : undefined),
});
/** One choice from a list; clearing it leaves the field empty. */
const choiceValue = (field: Field) => ({
  value: (field.value as string | undefined) ?? null,
  onChange: (value: string | null) => field.onChange(value ?? undefined),
});

interface OptionsProps {
  options: readonly string[];
  /** The translation key prefix of the options' labels. */
  prefix: string;
}
function useOptions({ options, prefix }: OptionsProps) {
  const { t } = useTranslation();
  return options.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
}

function YesNoInput({ field, common }: { field: Field; common: CommonInputProps }) {
  const { t } = useTranslation();
  return (
    <Select
      {...common}
      data={[
        { value: 'yes', label: t('wizard:yes') },
        { value: 'no', label: t('wizard:no') },
      ]}
      value={toYesNo(field.value as boolean | undefined) || null}
      onChange={(value) => field.onChange(fromYesNo(value))}
      clearable={!common.readOnly}
    />
  );
}
export const YesNo = controlledField((field, common) => <YesNoInput field={field} common={common} />);

function ChoiceInput({
  field,
  common,
  ...options
}: { field: Field; common: CommonInputProps } & OptionsProps) {
  return (
    <Select {...common} data={useOptions(options)} {...choiceValue(field)} clearable={!common.readOnly} />
  );
}
export const Choice = controlledField<OptionsProps>((field, common, options) => (
  <ChoiceInput field={field} common={common} {...options} />
));

export const Count = controlledField((field, common) => (
  <NumberInput
    {...common}
    allowDecimal={false}
    allowNegative={false}
    thousandSeparator=" "
    value={(field.value as number | undefined) ?? ''}
    onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
  />
));

function TagsField({ field, common }: { field: Field; common: CommonInputProps }) {
  const { t } = useTranslation();
  return (
    <TagsInput
      {...common}
      description={t('wizard:company.tagsHint')}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      splitChars={[',', ' ']}
    />
  );
}
export const Tags = controlledField((field, common) => <TagsField field={field} common={common} />);

/** One country picked by name; the form keeps its ISO alpha-2 code. */
export const Country = controlledField((field, common) => (
  <CountrySelect
    {...common}
    value={(field.value as string | undefined) || null}
    onChange={(value) => field.onChange(value ?? '')}
    onBlur={field.onBlur}
    clearable={!common.readOnly}
  />
));

/** Several countries picked by name; the form keeps their ISO alpha-2 codes. */
export const Countries = controlledField((field, common) => (
  <CountryMultiSelect {...common} {...listValue(field)} onBlur={field.onBlur} />
));

/** A date typed in the user's locale format (see {@link DateField}). */
export const DateInput = controlledField((field, common) => (
  <DateField
    {...common}
    name={field.name}
    value={field.value as string | undefined}
    onChange={field.onChange}
    onBlur={field.onBlur}
  />
));

function MultiChoiceInput({
  field,
  common,
  ...options
}: { field: Field; common: CommonInputProps } & OptionsProps) {
  return <MultiSelect {...common} data={useOptions(options)} {...listValue(field)} />;
}
/** Multiple choices from a fixed list. */
export const MultiChoice = controlledField<OptionsProps>((field, common, options) => (
  <MultiChoiceInput field={field} common={common} {...options} />
));
