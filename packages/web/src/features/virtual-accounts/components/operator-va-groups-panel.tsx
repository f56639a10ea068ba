import {
  Alert,
  Button,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { apiRoutes, VA_CHECK_RULE_CODES } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRuleLabel } from '../../../shared/i18n/code-labels.ts';
import { errorMessage, notifySuccess, useApiMutation, useApiQuery } from '../../../shared/api/index.ts';
import { OPERATOR_VA_KEY } from '../hooks/use-operator-va-requests.ts';

/** Operator: pick a company, see its VA groups and assign it a new one. */
export function OperatorVaGroupsPanel() {
  const { t } = useTranslation('virtualAccounts');
  const client = useQueryClient();
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const companies = useApiQuery(
    apiRoutes.companyMerchants,
    { params: { page: 1, rows: 200 }, body: {} },
    { queryKey: [...OPERATOR_VA_KEY, 'companies'] },
  );
  const groups = useApiQuery(
    apiRoutes.opVaGroups,
    { params: { merchantId: merchantId ?? '' } },
    { queryKey: [...OPERATOR_VA_KEY, 'groups', merchantId], enabled: merchantId !== null },
  );
  const create = useApiMutation(apiRoutes.opVaGroupCreate, {
    notify: false,
    onSuccess: () => void client.invalidateQueries({ queryKey: [...OPERATOR_VA_KEY, 'groups', merchantId] }),
  });
  const [g, setG] = useState({
    name: 'UK accounts',
    country: 'GB',
    check_rule_code: 'SEPA_UK_ACCOUNT',
    level: 1,
    bank: 'ClearBank Ltd',
    bank_address: '133 Houndsditch, London EC3A 7BX',
    bic: 'CLRBGB22',
    bank_letters: 'CLRL',
    prefix: '040075',
    range_from: 1,
    range_to: 10_000,
    limit: 1000,
  });
  const text = (key: keyof typeof g) => (
    <TextInput
      label={t(`operator.group.${key}`)}
      value={String(g[key])}
      onChange={(e) => setG({ ...g, [key]: e.currentTarget.value })}
      data-testid={`op-va-group-${key}`}
    />
  );
  const num = (key: 'level' | 'range_from' | 'range_to' | 'limit') => (
    <NumberInput
      label={t(`operator.group.${key}`)}
      value={g[key]}
      onChange={(v) => setG({ ...g, [key]: Number(v) || 0 })}
      data-testid={`op-va-group-${key}`}
    />
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h4" mb="sm">
        {t('groups.title')}
      </Title>
      <Select
        maw={360}
        label={t('operator.company')}
        searchable
        data={(companies.data?.merchants ?? []).map((m) => ({ value: m.id, label: m.name }))}
        value={merchantId}
        onChange={setMerchantId}
        data-testid="op-va-company"
      />
      {merchantId ? (
        <Stack mt="md">
          {(groups.data?.iban_groups ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('groups.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing={4} data-testid="op-va-groups">
                <Table.Tbody>
                  {(groups.data?.iban_groups ?? []).map((x) => (
                    <Table.Tr key={x.id}>
                      <Table.Td>{x.name}</Table.Td>
                      <Table.Td>
                        {x.country} · {checkRuleLabel(t, x.check_rule_code)} · {x.level}
                      </Table.Td>
                      <Table.Td ff="monospace">{x.bank_code}</Table.Td>
                      <Table.Td>
                        {t('groups.usageValue', { allocated: x.allocated, limit: x.limit, free: x.free })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('name')}
            {text('country')}
            <Select
              label={t('operator.group.check_rule_code')}
              data={VA_CHECK_RULE_CODES.map((c) => ({ value: c, label: checkRuleLabel(t, c) }))}
              value={g.check_rule_code}
              onChange={(v) => setG({ ...g, check_rule_code: v ?? 'SEPA' })}
              allowDeselect={false}
            />
            {num('level')}
            {text('bank')}
            {text('bank_address')}
            {text('bic')}
            {text('bank_letters')}
            {text('prefix')}
            {num('range_from')}
            {num('range_to')}
            {num('limit')}
          </SimpleGrid>
          {create.error ? <Alert color="red">{errorMessage(create.error, t)}</Alert> : null}
          <Button
            w="fit-content"
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { params: { merchantId }, body: g as never },
                { onSuccess: () => notifySuccess(t('operator.groupAssigned')) },
              )
            }
            data-testid="op-va-group-create"
          >
            {t('operator.assignGroup')}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}
