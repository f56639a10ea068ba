import {
  ActionIcon,
  Badge,
  Group,
  Menu,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconDotsVertical,
  IconKey,
  IconShieldOff,
  IconUserCheck,
  IconUserCog,
  IconUserOff,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormatters } from '../../../shared/i18n/index.ts';
import { EmptyState } from '../../../shared/ui/index.ts';
import {
  type CompanyUser,
  USERS_PAGE_SIZE,
  useActivateUser,
  useCompanyUsers,
  useDeactivateUser,
  useResetUserMfa,
  useResetUserPassword,
} from '../api.ts';
import { confirmAction } from './confirm.ts';
import { RightsDialog } from './rights-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`;

export function UsersTable({
  page,
  onPage,
  currentUserId,
}: {
  page: number;
  onPage: (page: number) => void;
  currentUserId: string | null;
}) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const users = useCompanyUsers(page);
  const resetPassword = useResetUserPassword();
  const resetMfa = useResetUserMfa();
  const deactivate = useDeactivateUser();
  const activate = useActivateUser();
  const [editing, setEditing] = useState<CompanyUser | null>(null);

  const run = (
    mutation: typeof resetPassword,
    user: CompanyUser,
    action: string,
    doneKey: string,
    danger = false,
  ) =>
    confirmAction(
      t,
      action,
      fullName(user),
      () =>
        mutation.mutate(
          { params: { id: user.id } },
          { onSuccess: () => notifySuccess(t(doneKey, { name: fullName(user) })) },
        ),
      danger,
    );

  if (users.isPending) return <SkeletonRows count={5} height={44} />;
  const rows = users.data?.users ?? [];
  const total = users.data?.total ?? 0;
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<IconUsers size={26} />}
        title={t('users:list.emptyTitle')}
        description={t('users:list.empty')}
      />
    );

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={820}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="users-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users:columns.user')}</Table.Th>
                <Table.Th>{t('users:columns.type')}</Table.Th>
                <Table.Th>{t('users:columns.status')}</Table.Th>
                <Table.Th>{t('users:columns.rights')}</Table.Th>
                <Table.Th>{t('users:columns.created')}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => {
                const isSelf = user.id === currentUserId;
                const inactive = user.status === 'deactivated' || user.status === 'blocked';
                return (
                  <Table.Tr key={user.id} data-email={user.email}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {fullName(user)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant={user.master_user ? 'filled' : 'outline'}
                        color="blue"
                        tt="none"
                        maw="none"
                      >
                        {t(user.master_user ? 'users:kind.master' : 'users:kind.standard')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <StatusBadge status={user.status} />
                        {!user.has_secret ? (
                          <Tooltip label={t('users:list.noMfaHint')}>
                            <Badge variant="dot" color="orange">
                              {t('users:list.noMfa')}
                            </Badge>
                          </Tooltip>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td maw={300}>
                      {user.access_rights.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('users:list.noRights')}
                        </Text>
                      ) : (
                        <Group gap={4}>
                          {user.access_rights.map((right) => (
                            <Badge key={right} size="sm" variant="light" color="gray" tt="none" maw="none">
                              {t(`users:rights.${right}`)}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(user.created)}</Table.Td>
                    <Table.Td>
                      {isSelf ? null : (
                        <Menu position="bottom-end" withinPortal shadow="md" width={240}>
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={t('users:list.actions')}>
                              <IconDotsVertical size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconUserCog size={16} />}
                              onClick={() => setEditing(user)}
                            >
                              {t('users:actions.editRights')}
                            </Menu.Item>
                            <Menu.Item
                              leftSection={<IconKey size={16} />}
                              color={user.status === 'passwordResetRequest' ? 'orange' : undefined}
                              onClick={() =>
                                run(resetPassword, user, 'resetPassword', 'users:done.resetPassword')
                              }
                            >
                              {t('users:actions.resetPassword')}
                            </Menu.Item>
                            <Menu.Item
                              leftSection={<IconShieldOff size={16} />}
                              color={user.status === 'mfaResetRequest' ? 'orange' : undefined}
                              onClick={() => run(resetMfa, user, 'resetMfa', 'users:done.resetMfa')}
                            >
                              {t('users:actions.resetMfa')}
                            </Menu.Item>
                            <Menu.Divider />
                            {inactive ? (
                              <Menu.Item
                                leftSection={<IconUserCheck size={16} />}
                                onClick={() => run(activate, user, 'activate', 'users:done.activate')}
                              >
                                {t('users:actions.activate')}
                              </Menu.Item>
                            ) : (
                              <Menu.Item
                                color="red"
                                leftSection={<IconUserOff size={16} />}
                                onClick={() =>
                                  run(deactivate, user, 'deactivate', 'users:done.deactivate', true)
                                }
                              >
                                {t('users:actions.deactivate')}
                              </Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {total > USERS_PAGE_SIZE ? (
        <Group justify="flex-end">
          <Pagination total={Math.ceil(total / USERS_PAGE_SIZE)} value={page} onChange={onPage} />
        </Group>
      ) : null}
      <RightsDialog user={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
