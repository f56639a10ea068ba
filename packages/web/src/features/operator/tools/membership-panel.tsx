import { Button, Checkbox, Group, Paper, Radio, Stack, TextInput, Title } from '@mantine/core';
import { CLIENT_USER_RIGHTS, type ClientUserKind, type ClientUserRight } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useAddMembership } from './tools-api.ts';

/** Adds an existing user to the chosen company with a role and rights; they then switch between both. */
export function MembershipPanel({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const add = useAddMembership();
  const [email, setEmail] = useState('');
  const [type, setType] = useState<ClientUserKind>('standard');
  const [rights, setRights] = useState<ClientUserRight[]>([]);
  const [error, setError] = useState<string | undefined>();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('operatorTools:membership.title')}
        </Title>
        <TextInput
          type="email"
          label={t('operatorTools:membership.email')}
          value={email}
          error={error}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-testid="tools-membership-email"
        />
        <Radio.Group
          label={t('operatorTools:membership.type')}
          value={type}
          onChange={(v) => setType(v as ClientUserKind)}
        >
          <Group gap="md" mt={4}>
            <Radio value="standard" label={t('operatorTools:membership.standard')} />
            <Radio value="master" label={t('operatorTools:membership.master')} />
          </Group>
        </Radio.Group>
        <Checkbox.Group
          label={t('operatorTools:membership.rights')}
          value={rights}
          onChange={(v) => setRights(v as ClientUserRight[])}
        >
          <Group gap="sm" mt={4}>
            {CLIENT_USER_RIGHTS.map((r) => (
              <Checkbox key={r} value={r} label={t(`users:rights.${r}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button
            loading={add.isPending}
            onClick={() => {
              if (!email.trim()) {
                setError(t('operatorTools:membership.emailRequired'));
                return;
              }
              setError(undefined);
              add.mutate(
                { body: { email: email.trim(), merchant_id: merchantId, type, access_rights: rights } },
                {
                  onSuccess: (res) => {
                    notifySuccess(
                      t('operatorTools:membership.added', {
                        email: res.membership.email,
                        company: res.membership.merchant_name,
                      }),
                    );
                    setEmail('');
                    setRights([]);
                  },
                },
              );
            }}
          >
            {t('operatorTools:membership.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
