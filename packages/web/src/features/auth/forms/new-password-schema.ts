import { countPasswordChars, passwordPolicyShortfalls } from '@portal/domain';
import { z } from 'zod';

/**
 * UI-only fields of every "choose a password" form. The rule itself is the domain's policy; the
 * messages are i18n keys of the `login` namespace, translated where they are shown.
 */
export const newPasswordFields = {
  password: z.string(),
  confirm: z.string(),
};

export function refineNewPassword(
  value: { password: string; confirm: string; old_password?: string },
  ctx: z.RefinementCtx,
): void {
  if (passwordPolicyShortfalls(countPasswordChars(value.password)).length > 0)
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'login:password.validation.policy' });
  if (value.confirm === '')
    ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'login:password.validation.confirmRequired' });
  else if (value.password !== value.confirm)
    ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'login:password.validation.mismatch' });
  if (value.old_password !== undefined && value.old_password !== '' && value.old_password === value.password)
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'login:password.validation.sameAsOld' });
}

export const newPasswordFormSchema = z.object(newPasswordFields).superRefine(refineNewPassword);
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
