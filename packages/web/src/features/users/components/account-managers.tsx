import {
  ActionIcon,
  Badge,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_GROUPS, type AdminGroup } from '@portal/domain';
import { IconLinkOff, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormatters } from '../../../shared/i18n/index.ts';
import { EmptyState } from '../../../shared/ui/index.ts';
import { type GroupFilters, USERS_PAGE_SIZE, useDelUserGroup, useUserGroups } from '../api.ts';
import { confirmAction } from './confirm.ts';

/** Account managers and staff group links (spec §3 "Account manager link"), for admin groups only. */
export function AccountManagers() {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const [page, setPage] = useState(1);
  const [group, setGroup] = useState<AdminGroup | null>('CSM');
  const [status, setStatus] = useState<'active' | 'deleted' | null>('active');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const filters: GroupFilters = { page, group, status, search: debounced };
  const links = useUserGroups(filters, true);
  const remove = useDelUserGroup();
  const rows = links.data?.groups ?? [];
  const total = links.data?.total ?? 0;

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Select
          aria-label={t('users:managers.group')}
          placeholder={t('users:managers.anyGroup')}
          data={ADMIN_GROUPS.map((value) => ({ value, label: t(`users:groups.${value}`) }))}
          value={group}
          onChange={(value) => {
            setGroup((value as AdminGroup | null) ?? null);
            setPage(1);
          }}
          clearable
          w={200}
        />
        <Select
          aria-label={t('users:columns.status')}
          placeholder={t('users:invitations.anyStatus')}
          data={(['active', 'deleted'] as const).map((value) => ({
            value,
            label: t(`users:managers.status.${value}`),
          }))}
          value={status}
          onChange={(value) => {
            setStatus(value === 'active' || value === 'deleted' ? value : null);
            setPage(1);
          }}
          clearable
          w={160}
        />
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('users:managers.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
      </Group>
      {links.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconUsersGroup size={26} />}
          title={t('users:managers.emptyTitle')}
          description={t('users:managers.empty')}
        />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users:managers.name')}</Table.Th>
                  <Table.Th>{t('users:managers.group')}</Table.Th>
                  <Table.Th>{t('users:columns.status')}</Table.Th>
                  <Table.Th>{t('users:columns.created')}</Table.Th>
                  <Table.Th>{t('users:managers.modified')}</Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((link) => (
                  <Table.Tr key={`${link.user_id}-${link.group_id}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {link.user_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {link.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`users:groups.${link.group_id}`)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={link.status === 'active' ? 'teal' : 'gray'}>
                        {t(`users:managers.status.${link.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(link.created)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(link.modified)}</Table.Td>
                    <Table.Td>
                      {link.status === 'active' ? (
                        <Tooltip label={t('users:managers.unlink')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('users:managers.unlink')}
                            onClick={() =>
                              confirmAction(
                                t,
                                'unlink',
                                link.user_name,
                                () =>
                                  remove.mutate(
                                    { body: { user_id: link.user_id, group_id: link.group_id } },
                                    {
                                      onSuccess: () =>
                                        notifySuccess(t('users:done.unlink', { name: link.user_name })),
                                    },
                                  ),
                                true,
                              )
                            }
                          >
                            <IconLinkOff size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {total > USERS_PAGE_SIZE ? (
        <Group justify="flex-end">
          <Pagination total={Math.ceil(total / USERS_PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}
