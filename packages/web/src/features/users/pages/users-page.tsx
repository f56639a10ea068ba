import { Button, Modal, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { INVITATION_STATUSES, type InvitationStatus } from '@portal/domain';
import { IconSend, IconUserPlus, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRights, useSession } from '../../../shared/session/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { AccountManagers } from '../components/account-managers.tsx';
import { CompanyAccountManagers } from '../components/company-account-managers.tsx';
import { SkeletonRows } from '../../../shared/ui/skeleton-rows.tsx';
import { InvitationsTable } from '../components/invitations-table.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { InviteForm } from '../forms/invite-form.tsx';
import { useSearchPatch } from '../../../shared/ui/url-list-state.ts';

const TABS = ['users', 'invitations', 'managers'] as const;
// A client's Master User sees its account managers (read only) in the managers tab; staff manage them there.
type Tab = (typeof TABS)[number];

/** User management (spec §2): users, invitations and account managers (staff manage them, clients see theirs). Tab and page in the URL. */
export function UsersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const rights = useRights();
  const [search, update] = useSearchPatch();
  const [inviting, invite] = useDisclosure(false);
  // Company users and invitations need a company to manage; staff without one see account managers only.
  const hasCompanyTabs = rights.has('users/manage');
  const isStaff = rights.has('users/getHash');
  const mayManage = hasCompanyTabs || isStaff;
  const available: readonly Tab[] = TABS.filter((value) =>
    value === 'managers' ? isStaff || hasCompanyTabs : hasCompanyTabs,
  );
  const requested = TABS.find((value) => value === search.get('tab'));
  const tab: Tab | null = !rights.isLoaded
    ? null
    : requested && available.includes(requested)
      ? requested
      : (available[0] ?? null);
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const statusParam = search.get('status');
  const status = (INVITATION_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as InvitationStatus)
    : null;

  if (rights.isLoaded && !mayManage)
    return (
      <Page title={t('users:title')}>
        <EmptyState title={t('errors:types.noAccess')} description={t('users:onlyMaster')} />
      </Page>
    );

  return (
    <Page
      title={t(hasCompanyTabs || !isStaff ? 'users:title' : 'users:accountManagers')}
      description={t(hasCompanyTabs || !isStaff ? 'users:description' : 'users:managers.description')}
      actions={
        hasCompanyTabs ? (
          <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open} data-testid="invite-open">
            {t('users:invite.open')}
          </Button>
        ) : null
      }
    >
      {tab === null ? (
        <SkeletonRows count={4} height={40} />
      ) : (
        <Tabs
          value={tab}
          onChange={(value) =>
            update({ tab: value, page: null, status: null, group: null, linkStatus: null, q: null })
          }
          keepMounted={false}
        >
          <Tabs.List>
            {hasCompanyTabs ? (
              <>
                <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
                  {t('users:users')}
                </Tabs.Tab>
                <Tabs.Tab
                  value="invitations"
                  leftSection={<IconSend size={16} />}
                  data-testid="tab-invitations"
                >
                  {t('users:invitations.title')}
                </Tabs.Tab>
              </>
            ) : null}
            <Tabs.Tab value="managers" leftSection={<IconUsersGroup size={16} />} data-testid="tab-managers">
              {t('users:accountManagers')}
            </Tabs.Tab>
          </Tabs.List>
          {hasCompanyTabs ? (
            <>
              <Tabs.Panel value="users" pt="md">
                <UsersTable
                  page={page}
                  onPage={(value) => update({ page: String(value) })}
                  currentUserId={session.userId}
                />
              </Tabs.Panel>
              <Tabs.Panel value="invitations" pt="md">
                <InvitationsTable
                  page={page}
                  status={status}
                  onPage={(value) => update({ page: String(value) })}
                  onStatus={(value) => update({ status: value, page: null })}
                />
              </Tabs.Panel>
            </>
          ) : null}
          <Tabs.Panel value="managers" pt="md">
            {isStaff ? <AccountManagers /> : <CompanyAccountManagers />}
          </Tabs.Panel>
        </Tabs>
      )}
      <Modal opened={inviting} onClose={invite.close} title={t('users:invite.title')} size="lg">
        <InviteForm
          onDone={() => {
            invite.close();
            update({ tab: 'invitations', page: null, status: null });
          }}
        />
      </Modal>
    </Page>
  );
}
