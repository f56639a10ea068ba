import { Badge, Button, Group, Paper, Select, Stack, Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { apiRoutes } from '@portal/domain';
import { IconBuildingSkyscraper, IconSpy, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { getToken, useRights } from '../../../shared/session/index.ts';
import { EmptyState, ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import {
  type CompanyUser,
  type KnownCompany,
  USERS_PAGE_SIZE,
  useCompanyUsersOf,
  useImpersonate,
  useKnownCompanies,
  useMyProfile,
} from '../api.ts';
import { NameAndEmail } from '../components/row-parts.tsx';
import { SkeletonRows } from '../../../shared/ui/skeleton-rows.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { beginImpersonation } from '../impersonation.ts';
import { useSearchPatch } from '../../../shared/ui/url-list-state.ts';

/** The company id as the route table accepts it (`merchant_id` of the company users call). */
const isCompanyId = (value: string) =>
  !!apiRoutes.companyUsers.query?.shape.merchant_id.unwrap().safeParse(value.trim()).success;

/**
 * Act as a user (spec §6): provider staff with `users/getHash` pick a company and one of its users
 * (other staff excluded by the server) and open the portal as that user. Company and page in the URL.
 */
export function ImpersonationPage() {
  const { t } = useTranslation();
  const rights = useRights();
  const [search, update] = useSearchPatch();
  const [companySearch, setCompanySearch] = useState('');
  const _profile = useMyProfile({ notify: false }).data?.user;
  const known = useKnownCompanies(companySearch);
  const companyParam = search.get('company');
  const companyId = companyParam && isCompanyId(companyParam) ? companyParam : null;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const users = useCompanyUsersOf(companyId, page);
  const impersonate = useImpersonate();
  const [pendingId, setPendingId] = useState<string | null>(null);

  if (rights.isLoaded && !rights.has('users/getHash'))
    return (
      <Page title={t('users:impersonation.title')}>
        <EmptyState title={t('errors:types.noAccess')} description={t('users:impersonation.staffOnly')} />
      </Page>
    );

  const company: KnownCompany | null = companyId
    ? (known.companies.find((c) => c.id === companyId) ?? {
        id: companyId,
        name: t('users:impersonation.companyById', { id: companyId }),
      })
    : null;
  const typed = companySearch.trim();
  const options = [
    ...known.companies.map((c) => ({ value: c.id, label: c.name })),
    ...(company && !known.companies.some((c) => c.id === company.id)
      ? [{ value: company.id, label: company.name }]
      : []),
    ...(isCompanyId(typed) && !known.companies.some((c) => c.id === typed) && typed !== companyId
      ? [{ value: typed, label: t('users:impersonation.companyById', { id: typed }) }]
      : []),
  ];

  const actAs = (user: CompanyUser) => {
    const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
    modals.openConfirmModal({
      title: t('users:impersonation.confirm.title', { name }),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t('users:impersonation.confirm.body', { name, company: company?.name ?? '' })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('users:impersonation.confirm.recorded')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('users:impersonation.confirm.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'grape', 'data-testid': 'impersonation-confirm' } as Record<string, string>,
      onConfirm: () => {
        const adminToken = getToken();
        if (!adminToken) return;
        setPendingId(user.id);
        impersonate.mutate(
          { params: { id: user.id } },
          {
            onSuccess: (answer) =>
              beginImpersonation(
                adminToken,
                answer.token,
                `${window.location.pathname}${window.location.search}`,
              ),
            onError: () => setPendingId(null),
          },
        );
      },
    });
  };

  const rows = users.data?.users ?? [];
  const total = users.data?.total ?? 0;

  return (
    <Page title={t('users:impersonation.title')} description={t('users:impersonation.description')}>
      <Paper withBorder radius="md" p="md">
        <Select
          label={t('users:impersonation.company')}
          description={t('users:impersonation.companyHint')}
          placeholder={t('users:impersonation.companyPlaceholder')}
          leftSection={<IconBuildingSkyscraper size={16} />}
          data={options}
          value={companyId}
          onChange={(value) => {
            update({ company: value, page: null });
            setCompanySearch('');
          }}
          searchValue={companySearch}
          onSearchChange={setCompanySearch}
          nothingFoundMessage={t('users:impersonation.noCompany')}
          searchable
          clearable
          maw={520}
          data-testid="impersonation-company"
        />
      </Paper>

      {!company ? (
        <EmptyState
          icon={<IconBuildingSkyscraper size={26} stroke={1.5} />}
          title={t('users:impersonation.pickTitle')}
          description={t('users:impersonation.pickDescription')}
        />
      ) : users.isPending ? (
        <SkeletonRows count={4} height={44} />
      ) : users.isError ? (
        <EmptyState
          icon={<IconUserOff size={26} stroke={1.5} />}
          title={t('users:impersonation.loadFailed')}
          description={t('users:impersonation.loadFailedHint')}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconUserOff size={26} stroke={1.5} />}
          title={t('users:impersonation.emptyTitle')}
          description={t('users:impersonation.empty')}
        />
      ) : (
        <ListTable minWidth={720} data-testid="impersonation-users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users:columns.user')}</Table.Th>
              <Table.Th>{t('users:columns.type')}</Table.Th>
              <Table.Th>{t('users:columns.status')}</Table.Th>
              <Table.Th>{t('users:columns.created')}</Table.Th>
              <Table.Th w={160} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isPending={pendingId === user.id}
                isDisabled={pendingId !== null}
                onActAs={() => actAs(user)}
              />
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {company ? (
        <ListPager
          total={total}
          pageSize={USERS_PAGE_SIZE}
          page={page}
          onPage={(value) => update({ page: String(value) })}
        />
      ) : null}
    </Page>
  );
}

function UserRow(props: { user: CompanyUser; isPending: boolean; isDisabled: boolean; onActAs: () => void }) {
  const { user } = props;
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const isActive = user.status === 'activated';
  return (
    <Table.Tr data-email={user.email}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" size={32} color={user.master_user ? 'blue' : 'gray'}>
            <Text size="xs" fw={700}>
              {`${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase()}
            </Text>
          </ThemeIcon>
          <div>
            <NameAndEmail name={`${user.first_name} ${user.last_name}`.trim()} email={user.email} />
          </div>
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" color={user.master_user ? 'blue' : 'gray'}>
          {t(user.master_user ? 'users:kind.master' : 'users:kind.standard')}
        </Badge>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={user.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(user.created)}</Table.Td>
      <Table.Td ta="right">
        <Tooltip label={t('users:impersonation.onlyActive')} disabled={isActive}>
          {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
          <span style={{ display: 'inline-block' }}>
            <Button
              size="xs"
              variant="light"
              color="grape"
              leftSection={<IconSpy size={14} />}
              disabled={!isActive || props.isDisabled}
              loading={props.isPending}
              onClick={props.onActAs}
              data-testid="impersonate-user"
            >
              {t('users:impersonation.actAs')}
            </Button>
          </span>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}
