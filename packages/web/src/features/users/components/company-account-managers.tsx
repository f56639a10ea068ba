import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, ListTable } from '../../../shared/ui/index.ts';

/**
 * The client's view of its account managers (spec §2 User management: account managers with their
 * group links): who at the provider looks after the company, to write to, and since when. Staff
 * manage the links in their own tab; here they are read only.
 */
export function CompanyAccountManagers() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const query = useApiQuery(apiRoutes.companyAccountManagers, {});
  if (query.isLoading) return <Skeleton h={160} radius="md" />;
  const managers = query.data?.managers ?? [];
  if (managers.length === 0)
    return (
      <EmptyState
        title={t('users:clientManagers.emptyTitle')}
        description={t('users:clientManagers.empty')}
      />
    );
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('users:clientManagers.intro')}
      </Text>
      <ListTable minWidth={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users:managers.name')}</Table.Th>
            <Table.Th>{t('users:clientManagers.email')}</Table.Th>
            <Table.Th>{t('users:managers.group')}</Table.Th>
            <Table.Th>{t('users:clientManagers.since')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {managers.map((m) => (
            <Table.Tr key={m.user_id} data-testid="client-account-manager">
              <Table.Td>{m.user_name}</Table.Td>
              <Table.Td>
                <Anchor href={`mailto:${m.email}`} size="sm">
                  {m.email}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`users:clientManagers.groups.${m.group_id}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(m.created)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>
    </>
  );
}
