import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

/** A field's error: the i18n key of its message. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The props a text input of the form spreads (`{...form.field('login')}`). */
export interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: (element: HTMLInputElement | null) => void;
}

export interface PlainForm<V extends { [K in keyof V]: string }> {
  values: V;
  /** Shown errors (i18n keys), at most one per field. */
  errors: FieldErrors<keyof V & string>;
  field: (name: keyof V & string) => FieldBinding;
  getValues: <K extends keyof V & string>(name: K) => V[K];
  /** Back to the field's default value, its error cleared. */
  resetField: (name: keyof V & string) => void;
  /** A form's `onSubmit`: all fields checked; with an error the first such field gets focus, else `onValid`. */
  handleSubmit: (onValid: (values: V) => void) => (event?: FormEvent) => void;
}

/**
 * The few text fields of the login screen, kept in React state and checked by `validate` with the
 * rules react-hook-form (the other forms) applies by default: nothing is checked before the first
 * submit; a submit checks every field and focuses the first one in error; after it, a change checks
 * again and updates that field's message only. The login route thus carries neither react-hook-form
 * nor zod.
 */
export function usePlainForm<V extends { [K in keyof V]: string }>({
  defaultValues,
  validate,
}: {
  defaultValues: V;
  validate: (values: V) => FieldErrors<keyof V & string>;
}): PlainForm<V> {
  type K = keyof V & string;
  const [values, setValues] = useState<V>(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef(new Map<K, HTMLInputElement>());
  // Field order of `defaultValues` is the order of the inputs on the screen.
  const names = Object.keys(defaultValues) as K[];

  const field = (name: K): FieldBinding => ({
    name,
    value: values[name],
    onChange: (event) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (submitted) setErrors((shown) => ({ ...shown, [name]: validate(next)[name] }));
    },
    ref: (element) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
  });

  return {
    values,
    errors,
    field,
    getValues: (name) => values[name],
    resetField: (name) => {
      setValues((current) => ({ ...current, [name]: defaultValues[name] }));
      setErrors((shown) => ({ ...shown, [name]: undefined }));
    },
    handleSubmit: (onValid) => (event) => {
      event?.preventDefault();
      setSubmitted(true);
      const found = validate(values);
      setErrors(found);
      const first = names.find((name) => found[name] !== undefined);
      if (first === undefined) onValid(values);
      else inputs.current.get(first)?.focus();
    },
  };
}

/** The first message of each field, from a list of issues in the order they were found. */
export function firstIssues<K extends string>(issues: { path: K; message: string }[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
}
