import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import type { CompanyUser, Invitation } from '../api.ts';
import { InvitationCards } from './invitations-table.tsx';
import { UserCards } from './users-table.tsx';

afterEach(cleanup);

const user = (over: Partial<CompanyUser>): CompanyUser => ({
  id: 'u-master',
  email: 'master@northwind.example',
  first_name: 'Martha',
  last_name: 'Master',
  master_user: true,
  access_rights: ['create', 'approve'],
  status: 'activated',
  email_confirmed: true,
  has_secret: true,
  created: '2026-11-20T09:30:00.000Z',
  ...over,
});

const invitation = (over: Partial<Invitation>): Invitation => ({
  id: 'i1',
  user_id: 'u9',
  email: 'new.clerk@northwind.example',
  first_name: 'Nina',
  last_name: 'Clerk',
  type: 'standard',
  mfa_required: true,
  access_rights: [],
  status: 'invited',
  expires_at: '2026-11-27T09:30:00.000Z',
  created: '2026-11-20T09:30:00.000Z',
  inviter_name: 'Martha Master',
  ...over,
});

const cardOf = (email: string) =>
  screen.getByTestId(/-cards$/).querySelector(`[data-email="${email}"]`) as HTMLElement;

describe('<UserCards> (users on a phone)', () => {
  it('shows name, e-mail, status, type and date; own card has no actions, others have the same menu', async () => {
    const onEditRights = vi.fn();
    const standard = user({
      id: 'u-standard',
      email: 'standard@northwind.example',
      first_name: 'Stan',
      last_name: 'Standard',
      master_user: false,
      access_rights: [],
      has_secret: false,
    });
    await renderUi(
      <UserCards rows={[user({}), standard]} currentUserId="u-master" onEditRights={onEditRights} />,
    );
    const own = within(cardOf('master@northwind.example'));
    own.getByText('Martha Master');
    own.getByText('Active');
    own.getByText('Master User · created 20 Nov 2026');
    own.getByText('Approve payments');
    expect(own.queryByRole('button', { name: 'Actions' })).toBeNull();

    const other = within(cardOf('standard@northwind.example'));
    other.getByText('No MFA');
    other.getByText('No payment rights');
    other.getByRole('button', { name: 'Actions' }).click();
    (await screen.findByRole('menuitem', { name: 'Edit rights' })).click();
    expect(onEditRights).toHaveBeenCalledWith(expect.objectContaining({ id: 'u-standard' }));
  });

  it('in Russian, type, status and date read in Russian', async () => {
    await renderUi(<UserCards rows={[user({})]} currentUserId={null} onEditRights={() => {}} />, {
      language: 'ru',
    });
    const text = cardOf('master@northwind.example').textContent ?? '';
    expect(text).toContain('Мастер-пользователь · создан 20 нояб. 2026');
    expect(text).toContain('Активен');
  });
});

describe('<InvitationCards> (invitations on a phone)', () => {
  it('shows person, status and expiry, and only the actions the status allows', async () => {
    await renderUi(
      <InvitationCards
        rows={[
          invitation({}),
          invitation({ id: 'i2', email: 'done@northwind.example', status: 'registered' }),
        ]}
      />,
    );
    const open = within(cardOf('new.clerk@northwind.example'));
    open.getByText('Nina Clerk');
    open.getByText('Invited');
    expect(open.getByText(/^Standard User · expires 27 Nov 2026/)).toBeTruthy();
    open.getByRole('button', { name: 'Actions' }).click();
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Re-send invitation',
        'Prolong by 7 days',
        'Cancel invitation',
      ]),
    );
    const done = within(cardOf('done@northwind.example'));
    expect(done.queryByRole('button', { name: 'Actions' })).toBeNull();
  });
});
