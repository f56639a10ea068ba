import { Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkRuleLabel } from '../../../shared/i18n/code-labels.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { useVaGroups } from '../api.ts';

/** The company's VA groups: where its accounts are opened and how many numbers each has left. */
export function VaGroupsCard() {
  const { t } = useTranslation('virtualAccounts');
  const groups = useVaGroups();
  return (
    <Paper withBorder radius="md" p="md" data-testid="va-groups">
      <Title order={3} size="h4" mb="sm">
        {t('groups.title')}
      </Title>
      {groups.isPending ? (
        <Skeleton height={40} />
      ) : (groups.data?.iban_groups ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('groups.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={6}>
            <ListHead
              columns={[
                t('groups.name'),
                t('groups.country'),
                t('columns.checkRule'),
                t('columns.level'),
                t('groups.bank'),
                t('groups.usage'),
              ]}
            />
            <Table.Tbody>
              {(groups.data?.iban_groups ?? []).map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>{g.name}</Table.Td>
                  <Table.Td>{g.country}</Table.Td>
                  <Table.Td>{checkRuleLabel(t, g.check_rule_code)}</Table.Td>
                  <Table.Td>{g.level}</Table.Td>
                  <Table.Td>
                    {g.bank} · {g.bic}
                  </Table.Td>
                  <Table.Td>
                    {t('groups.usageValue', { allocated: g.allocated, limit: g.limit, free: g.free })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
