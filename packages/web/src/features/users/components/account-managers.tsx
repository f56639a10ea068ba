import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { ADMIN_GROUPS, type AdminGroup } from '@portal/domain';
import { IconLink, IconLinkOff, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, ListPager, ListTable } from '../../../shared/ui/index.ts';
import { type GroupFilters, USERS_PAGE_SIZE, useDelUserGroup, useMyProfile, useUserGroups } from '../api.ts';
import { AddGroupLinkForm } from '../forms/add-group-link-form.tsx';
import { confirmAction } from './confirm.ts';
import { NameAndEmail } from './row-parts.tsx';

const ANY = 'any';
const LINK_STATUSES = ['active', 'deleted'] as const;

/**
 * Account managers and staff group links (spec §3 "Account manager link"), for admin groups. Only the
 * admin group links and unlinks (the server refuses others). Filters and page live in the URL; absent
 * means the default view (CSM, active), `any` an explicitly cleared filter.
 */
export function AccountManagers() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const [params, setParams] = useSearchParams();
  const [linking, linkDialog] = useDisclosure(false);
  const mayEdit = useMyProfile({ notify: false }).data?.user.current_group === 'admin';
  const groupParam = params.get('group');
  const group: AdminGroup | null =
    groupParam === ANY ? null : (ADMIN_GROUPS.find((g) => g === groupParam) ?? 'CSM');
  const statusParam = params.get('linkStatus');
  const status = statusParam === ANY ? null : (LINK_STATUSES.find((s) => s === statusParam) ?? 'active');
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const filters: GroupFilters = { page, group, status, search: params.get('q') ?? '' };
  const links = useUserGroups(filters, true);
  const remove = useDelUserGroup();
  const rows = links.data?.groups ?? [];
  const total = links.data?.total ?? 0;

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: !('page' in patch) },
    );
  const setPage = (value: number) => update({ page: String(value) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL.
  useEffect(() => {
    if (debounced !== (params.get('q') ?? '')) update({ q: debounced });
  }, [debounced]);

  return (
    <Stack gap="sm">
      <Group gap="sm" justify="space-between" align="flex-end">
        <Group gap="sm">
          <Select
            aria-label={t('users:managers.group')}
            placeholder={t('users:managers.anyGroup')}
            data={ADMIN_GROUPS.map((value) => ({ value, label: t(`users:groups.${value}`) }))}
            value={group}
            onChange={(value) => update({ group: value ?? ANY })}
            clearable
            w={200}
          />
          <Select
            aria-label={t('users:columns.status')}
            placeholder={t('users:invitations.anyStatus')}
            data={LINK_STATUSES.map((value) => ({
              value,
              label: t(`users:managers.status.${value}`),
            }))}
            value={status}
            onChange={(value) => update({ linkStatus: value ?? ANY })}
            clearable
            w={160}
          />
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('users:managers.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={260}
          />
        </Group>
        {mayEdit ? (
          <Button leftSection={<IconLink size={16} />} onClick={linkDialog.open} data-testid="link-open">
            {t('users:managers.add.open')}
          </Button>
        ) : null}
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
        <ListTable minWidth={760}>
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
                  <NameAndEmail name={link.user_name} email={link.email} />
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
                  {mayEdit && link.status === 'active' ? (
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
        </ListTable>
      )}
      <ListPager total={total} pageSize={USERS_PAGE_SIZE} page={page} onPage={setPage} />
      <Modal opened={linking} onClose={linkDialog.close} title={t('users:managers.add.title')} size="md">
        <AddGroupLinkForm onDone={linkDialog.close} />
      </Modal>
    </Stack>
  );
}
