import { Badge, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
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
import { useFormat } from '../../../shared/format/index.ts';
import { CardList, EmptyState, ListCard, ListPager, ListTable, usePhone } from '../../../shared/ui/index.ts';
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
import { NameAndEmail, RowMenu } from './row-parts.tsx';
import { StatusBadge } from './status-badge.tsx';
import { SkeletonRows } from '../../../shared/ui/skeleton-rows.tsx';

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
  const { date } = useFormat();
  const users = useCompanyUsers(page);
  const [editing, setEditing] = useState<CompanyUser | null>(null);
  const isPhone = usePhone();

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
      {isPhone ? (
        <UserCards rows={rows} currentUserId={currentUserId} onEditRights={setEditing} />
      ) : (
        <ListTable minWidth={820} data-testid="users-table">
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
              return (
                <Table.Tr key={user.id} data-email={user.email}>
                  <Table.Td>
                    <NameAndEmail name={fullName(user)} email={user.email} />
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
                      {!user.has_secret ? <NoMfaBadge /> : null}
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
                  <Table.Td>{isSelf ? null : <UserActions user={user} onEditRights={setEditing} />}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={USERS_PAGE_SIZE} page={page} onPage={onPage} />
      <RightsDialog user={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/** The actions on one user (the table's last column, the card's menu). */
function UserActions({
  user,
  onEditRights,
}: {
  user: CompanyUser;
  onEditRights: (user: CompanyUser) => void;
}) {
  const { t } = useTranslation();
  const resetPassword = useResetUserPassword();
  const resetMfa = useResetUserMfa();
  const deactivate = useDeactivateUser();
  const activate = useActivateUser();
  const inactive = user.status === 'deactivated' || user.status === 'blocked';

  const run = (mutation: typeof resetPassword, action: string, doneKey: string, danger = false) =>
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

  return (
    <RowMenu width={240}>
      <Menu.Item leftSection={<IconUserCog size={16} />} onClick={() => onEditRights(user)}>
        {t('users:actions.editRights')}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconKey size={16} />}
        color={user.status === 'passwordResetRequest' ? 'orange' : undefined}
        onClick={() => run(resetPassword, 'resetPassword', 'users:done.resetPassword')}
      >
        {t('users:actions.resetPassword')}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconShieldOff size={16} />}
        color={user.status === 'mfaResetRequest' ? 'orange' : undefined}
        onClick={() => run(resetMfa, 'resetMfa', 'users:done.resetMfa')}
      >
        {t('users:actions.resetMfa')}
      </Menu.Item>
      <Menu.Divider />
      {inactive ? (
        <Menu.Item
          leftSection={<IconUserCheck size={16} />}
          onClick={() => run(activate, 'activate', 'users:done.activate')}
        >
          {t('users:actions.activate')}
        </Menu.Item>
      ) : (
        <Menu.Item
          color="red"
          leftSection={<IconUserOff size={16} />}
          onClick={() => run(deactivate, 'deactivate', 'users:done.deactivate', true)}
        >
          {t('users:actions.deactivate')}
        </Menu.Item>
      )}
    </RowMenu>
  );
}

/** Whether the user works without an authenticator yet: a badge with its reason. */
function NoMfaBadge() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('users:list.noMfaHint')}>
      <Badge variant="dot" color="orange">
        {t('users:list.noMfa')}
      </Badge>
    </Tooltip>
  );
}

/** Users on a phone: name and status, then e-mail, type and the date created, with the same actions. */
export function UserCards({
  rows,
  currentUserId,
  onEditRights,
}: {
  rows: CompanyUser[];
  currentUserId: string | null;
  onEditRights: (user: CompanyUser) => void;
}) {
  const { t } = useTranslation();
  const { date } = useFormat();
  return (
    <CardList testId="user-cards">
      {rows.map((user) => (
        <ListCard
          key={user.id}
          data={{ 'data-email': user.email, 'data-status': user.status }}
          title={<NameAndEmail name={fullName(user)} email={user.email} isTruncated />}
          aside={
            <Stack gap={4} align="flex-end">
              <StatusBadge status={user.status} />
              {!user.has_secret ? <NoMfaBadge /> : null}
            </Stack>
          }
          meta={
            <Text size="xs" c="dimmed" truncate="end">
              {t('users:card.meta', {
                kind: t(user.master_user ? 'users:kind.master' : 'users:kind.standard'),
                date: date(user.created),
              })}
            </Text>
          }
          actions={
            user.id === currentUserId ? undefined : <UserActions user={user} onEditRights={onEditRights} />
          }
        >
          {user.access_rights.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('users:list.noRights')}
            </Text>
          ) : (
            <Group gap={4}>
              {user.access_rights.map((right) => (
                <Badge key={right} size="xs" variant="light" color="gray" tt="none" maw="100%">
                  {t(`users:rights.${right}`)}
                </Badge>
              ))}
            </Group>
          )}
        </ListCard>
      ))}
    </CardList>
  );
}
