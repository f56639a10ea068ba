import { Badge, Group, Menu, Select, Stack, Table, Text } from '@mantine/core';
import { INVITATION_STATUSES, type InvitationStatus } from '@portal/domain';
import { IconCalendarPlus, IconMailForward, IconMailOff, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { CardList, EmptyState, ListCard, ListPager, ListTable, usePhone } from '../../../shared/ui/index.ts';
import {
  type Invitation,
  USERS_PAGE_SIZE,
  useCancelInvitation,
  useInvitations,
  useProlongInvitation,
  useResendInvitation,
} from '../api.ts';
import { confirmAction } from './confirm.ts';
import { NameAndEmail, RowMenu } from './row-parts.tsx';
import { StatusBadge } from './status-badge.tsx';
import { SkeletonRows } from '../../../shared/ui/skeleton-rows.tsx';

/** Which invitation actions (spec §4) make sense in which status; the server has the last word. */
const canCancel = (s: InvitationStatus) => s === 'invited';
const canResend = (s: InvitationStatus) => s === 'invited' || s === 'expired' || s === 'canceled';
const canProlong = (s: InvitationStatus) => s === 'invited' || s === 'expired';
const inviteeName = (i: Invitation) => `${i.first_name} ${i.last_name}`;

export function InvitationsTable({
  page,
  status,
  onPage,
  onStatus,
}: {
  page: number;
  status: InvitationStatus | null;
  onPage: (page: number) => void;
  onStatus: (status: InvitationStatus | null) => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const invitations = useInvitations(page, status);
  const rows = invitations.data?.invitations ?? [];
  const total = invitations.data?.total ?? 0;

  const isPhone = usePhone();

  return (
    <Stack gap="sm">
      <Group>
        <Select
          placeholder={t('users:invitations.anyStatus')}
          aria-label={t('users:columns.status')}
          data={INVITATION_STATUSES.map((value) => ({ value, label: t(`users:status.${value}`) }))}
          value={status}
          onChange={(value) => onStatus((value as InvitationStatus | null) ?? null)}
          clearable
          w={isPhone ? '100%' : 240}
        />
      </Group>
      {invitations.isPending ? (
        <SkeletonRows count={4} height={44} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconSend size={26} />}
          title={t('users:invitations.emptyTitle')}
          description={t(status ? 'users:invitations.emptyFiltered' : 'users:invitations.empty')}
        />
      ) : isPhone ? (
        <InvitationCards rows={rows} />
      ) : (
        <ListTable minWidth={860} data-testid="invitations-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users:columns.invitee')}</Table.Th>
              <Table.Th>{t('users:columns.type')}</Table.Th>
              <Table.Th>{t('users:columns.status')}</Table.Th>
              <Table.Th>{t('users:columns.mfa')}</Table.Th>
              <Table.Th>{t('users:columns.expires')}</Table.Th>
              <Table.Th>{t('users:columns.inviter')}</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((invitation) => {
              return (
                <Table.Tr key={invitation.id} data-email={invitation.email}>
                  <Table.Td>
                    <NameAndEmail name={inviteeName(invitation)} email={invitation.email} />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="outline" tt="none" maw="none">
                      {t(`users:kind.${invitation.type}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={invitation.status} />
                  </Table.Td>
                  <Table.Td>
                    {t(invitation.mfa_required ? 'users:invitations.mfaYes' : 'users:invitations.mfaNo')}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(invitation.expires_at)}</Table.Td>
                  <Table.Td>{invitation.inviter_name ?? '—'}</Table.Td>
                  <Table.Td>
                    <InvitationActions invitation={invitation} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={USERS_PAGE_SIZE} page={page} onPage={onPage} />
    </Stack>
  );
}

/** The actions on one invitation that its status allows (the table's last column, the card's menu). */
function InvitationActions({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const cancel = useCancelInvitation();
  const resend = useResendInvitation();
  const prolong = useProlongInvitation();
  if (![canCancel, canResend, canProlong].some((can) => can(invitation.status))) return null;

  const run = (mutation: typeof cancel, action: string, danger = false) =>
    confirmAction(
      t,
      action,
      invitation.email,
      () =>
        mutation.mutate(
          { params: { id: invitation.id } },
          { onSuccess: () => notifySuccess(t(`users:done.${action}`, { name: invitation.email })) },
        ),
      danger,
    );

  return (
    <RowMenu width={220}>
      {canResend(invitation.status) ? (
        <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => run(resend, 'resend')}>
          {t('users:actions.resend')}
        </Menu.Item>
      ) : null}
      {canProlong(invitation.status) ? (
        <Menu.Item leftSection={<IconCalendarPlus size={16} />} onClick={() => run(prolong, 'prolong')}>
          {t('users:actions.prolong')}
        </Menu.Item>
      ) : null}
      {canCancel(invitation.status) ? (
        <Menu.Item
          color="red"
          leftSection={<IconMailOff size={16} />}
          onClick={() => run(cancel, 'cancel', true)}
        >
          {t('users:actions.cancel')}
        </Menu.Item>
      ) : null}
    </RowMenu>
  );
}

/** Invitations on a phone: person and status, then type and expiry, with the same actions. */
export function InvitationCards({ rows }: { rows: Invitation[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  return (
    <CardList testId="invitation-cards">
      {rows.map((invitation) => (
        <ListCard
          key={invitation.id}
          data={{ 'data-email': invitation.email, 'data-status': invitation.status }}
          title={<NameAndEmail name={inviteeName(invitation)} email={invitation.email} isTruncated />}
          aside={<StatusBadge status={invitation.status} />}
          meta={
            <Text size="xs" c="dimmed">
              {t('users:card.expires', {
                kind: t(`users:kind.${invitation.type}`),
                date: dateTime(invitation.expires_at),
              })}
            </Text>
          }
          actions={<InvitationActions invitation={invitation} />}
        />
      ))}
    </CardList>
  );
}
