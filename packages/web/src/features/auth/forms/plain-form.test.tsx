import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FieldErrors, firstIssues, type PlainForm, usePlainForm } from './plain-form.ts';

afterEach(cleanup);

interface Values {
  login: string;
  password: string;
}

const check = (values: Values): FieldErrors<keyof Values> => ({
  login: values.login.trim() === '' ? 'loginRequired' : undefined,
  password: values.password === '' ? 'passwordRequired' : undefined,
});

function setup(onValid = vi.fn()) {
  const form: { current?: PlainForm<Values> } = {};
  function Form() {
    const plain = usePlainForm<Values>({ defaultValues: { login: '', password: '' }, validate: check });
    form.current = plain;
    return (
      <form noValidate onSubmit={plain.handleSubmit(onValid)}>
        <input data-testid="login" {...plain.field('login')} />
        <input data-testid="password" {...plain.field('password')} />
        <button type="submit" data-testid="submit" />
      </form>
    );
  }
  const view = render(<Form />);
  const type = (name: keyof Values, value: string) =>
    fireEvent.change(view.getByTestId(name), { target: { value } });
  const submit = () => fireEvent.submit(view.getByTestId('submit'));
  return { view, form: () => form.current as PlainForm<Values>, type, submit, onValid };
}

// The rules react-hook-form applies to the other forms (mode onSubmit, reValidateMode onChange).
describe('usePlainForm', () => {
  it('says nothing before the first submit', () => {
    const { form, type } = setup();
    type('login', 'a');
    type('login', '');
    expect(form().errors).toEqual({});
  });

  it('checks every field on submit and focuses the first one in error', () => {
    const { view, form, type, submit, onValid } = setup();
    type('login', 'someone');
    submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(form().errors).toEqual({ login: undefined, password: 'passwordRequired' });
    expect(document.activeElement).toBe(view.getByTestId('password'));
  });

  it('after a submit, a change checks again and updates that field only', () => {
    const { form, type, submit } = setup();
    submit();
    expect(form().errors).toEqual({ login: 'loginRequired', password: 'passwordRequired' });
    type('login', 'someone');
    expect(form().errors).toEqual({ login: undefined, password: 'passwordRequired' });
    type('login', ' ');
    expect(form().errors.login).toBe('loginRequired');
  });

  it('hands the values over when they are valid; resetField restores the default and clears its error', () => {
    const { form, type, submit, onValid } = setup();
    type('login', 'someone');
    type('password', 'secret');
    submit();
    expect(onValid).toHaveBeenCalledWith({ login: 'someone', password: 'secret' });
    act(() => form().resetField('password'));
    expect(form().getValues('password')).toBe('');
    expect(form().getValues('login')).toBe('someone');
    expect(form().errors.password).toBeUndefined();
  });
});

describe('firstIssues', () => {
  it('keeps the first message of each field', () => {
    expect(
      firstIssues([
        { path: 'password', message: 'policy' },
        { path: 'confirm', message: 'mismatch' },
        { path: 'password', message: 'sameAsOld' },
      ]),
    ).toEqual({ password: 'policy', confirm: 'mismatch' });
  });
});
