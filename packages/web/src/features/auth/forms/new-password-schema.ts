import { z } from 'zod';
import { newPasswordIssues } from './new-password-rules.ts';

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
  for (const issue of newPasswordIssues(value))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

export const newPasswordFormSchema = z.object(newPasswordFields).superRefine(refineNewPassword);
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
