import { PASSWORD_POLICY_FIELDS } from '@portal/domain';
import { countPasswordChars, PASSWORD_POLICY } from '@portal/domain';
import { Group, List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The policy counts of spec §7, counted live as the user types (the same counts travel with the hash). */
export function PasswordPolicy({ password }: { password: string }) {
  const { t } = useTranslation();
  const counts = countPasswordChars(password);
  const met = PASSWORD_POLICY_FIELDS.filter((field) => counts[field] >= PASSWORD_POLICY[field]).length;
  return (
    <Stack gap={6} data-testid="password-policy">
      <Progress
        value={(met / PASSWORD_POLICY_FIELDS.length) * 100}
        color={met === PASSWORD_POLICY_FIELDS.length ? 'teal' : met >= 2 ? 'yellow' : 'red'}
        size="sm"
        aria-label={t('login:password.policy.progress')}
      />
      <List spacing={4} size="sm" center>
        {PASSWORD_POLICY_FIELDS.map((field) => {
          const ok = counts[field] >= PASSWORD_POLICY[field];
          return (
            <List.Item
              key={field}
              data-ok={ok}
              icon={
                <ThemeIcon
                  color={ok ? 'teal' : 'gray'}
                  variant={ok ? 'filled' : 'light'}
                  size={18}
                  radius="xl"
                >
                  {ok ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Group gap={6} wrap="nowrap">
                <Text size="sm" c={ok ? undefined : 'dimmed'}>
                  {t(`login:password.policy.${field}`, { need: PASSWORD_POLICY[field] })}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {t('login:password.policy.counter', { have: counts[field], need: PASSWORD_POLICY[field] })}
                </Text>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
