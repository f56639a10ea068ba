import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { NewPasswordFields } from './new-password-fields.tsx';

interface Fields extends FieldValues {
  password: string;
  confirm: string;
}

/** New password + confirmation of a react-hook-form form, with the live policy counts under them. */
export function NewPasswordInputs<T extends Fields>({ form }: { form: UseFormReturn<T> }) {
  const errors = form.formState.errors;
  const password = (form.watch('password' as Path<T>) as string | undefined) ?? '';
  const message = (key: 'password' | 'confirm') => {
    const text = errors[key]?.message;
    return typeof text === 'string' ? text : undefined;
  };
  return (
    <NewPasswordFields
      password={password}
      errors={{ password: message('password'), confirm: message('confirm') }}
      passwordInput={form.register('password' as Path<T>)}
      confirmInput={form.register('confirm' as Path<T>)}
    />
  );
}
