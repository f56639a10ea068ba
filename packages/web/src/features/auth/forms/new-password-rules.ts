import { countPasswordChars, passwordPolicyShortfalls } from '@portal/domain';

export interface NewPasswordValues {
  password: string;
  confirm: string;
  old_password?: string;
}

/**
 * What is wrong with a chosen password, in order: the domain's policy, the confirmation, and (when the
 * form asks for the old one) a repeat of it. Messages are i18n keys of the `login` namespace. Plain code,
 * without zod: the login screen checks with it directly, the other forms through `refineNewPassword`.
 */
export function newPasswordIssues(
  value: NewPasswordValues,
): { path: 'password' | 'confirm'; message: string }[] {
  const issues: { path: 'password' | 'confirm'; message: string }[] = [];
  if (passwordPolicyShortfalls(countPasswordChars(value.password)).length > 0)
    issues.push({ path: 'password', message: 'login:password.validation.policy' });
  if (value.confirm === '')
    issues.push({ path: 'confirm', message: 'login:password.validation.confirmRequired' });
  else if (value.password !== value.confirm)
    issues.push({ path: 'confirm', message: 'login:password.validation.mismatch' });
  if (value.old_password !== undefined && value.old_password !== '' && value.old_password === value.password)
    issues.push({ path: 'password', message: 'login:password.validation.sameAsOld' });
  return issues;
}
