import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoginFlow, LoginStepOf } from '../hooks/use-login-flow.ts';
import { ClockWarning } from './clock-warning.tsx';
import { CodeInput } from './code-input.tsx';
import { LoginBackLink } from './login-back-link.tsx';
import { LoginStepHeading } from './login-step-heading.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

/** Login step when the password is overdue: a new password, confirmed with an authenticator code. */
export function PasswordChangeStep({
  flow,
  step,
}: {
  flow: LoginFlow;
  step: LoginStepOf<'password_change'>;
}) {
  const { t } = useTranslation();
  const { code, confirm, passwordForm } = flow;
  return (
    <form
      noValidate
      onSubmit={passwordForm.handleSubmit((values) => {
        if (code.length === 6)
          confirm.mutate({ credentials: step.credentials, code, newPassword: values.password });
      })}
    >
      <Stack gap="md">
        <LoginStepHeading
          title={t('login:passwordChange.title')}
          description={t('login:passwordChange.description')}
        />
        <NewPasswordFields
          password={passwordForm.values.password}
          errors={passwordForm.errors}
          passwordInput={passwordForm.field('password')}
          confirmInput={passwordForm.field('confirm')}
        />
        <ClockWarning skew={flow.clockSkew} />
        <CodeInput value={code} onChange={flow.setCode} disabled={confirm.isPending} />
        <Button type="submit" fullWidth loading={confirm.isPending} disabled={code.length !== 6}>
          {t('login:passwordChange.submit')}
        </Button>
        <LoginBackLink onClick={flow.backToStart} />
      </Stack>
    </form>
  );
}
