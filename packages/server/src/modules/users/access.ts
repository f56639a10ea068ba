import { type ClientUserRight, CLIENT_USER_RIGHTS, type InvitationStatus } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { users } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import * as repo from './users.repo.ts';

/**
 * The company whose users the caller may manage: an admin or account manager names any company
 * (default: their current one); a Master User only their current company; anyone else is refused
 * with the spec's Master User message.
 */
export function managedCompany(p: UserPrincipal, requested: string | undefined): string {
  if (p.isAdmin) {
    const id = requested ?? p.merchantId;
    if (!id) throw new DomainError('VALIDATION', {}, { fields: { merchant_id: 'Choose a company' } });
    return id;
  }
  if (!p.rights.has('users/manage') || !p.merchantId) throw new DomainError('ONLY_MASTER_USER');
  // Another company's id answers as if it did not exist.
  if (requested && requested !== p.merchantId) throw new DomainError('NOT_FOUND');
  return p.merchantId;
}

/** A client user of `merchantId` the caller may act on; staff and strangers answer 404. */
export async function managedUser(db: DbOrTx, merchantId: string, userId: string) {
  const [user, member] = await Promise.all([
    repo.findUser(db, userId),
    repo.membership(db, userId, merchantId),
  ]);
  if (!user || !member || (await repo.isStaffUser(db, userId))) throw new DomainError('NOT_FOUND');
  return { user, member };
}

/** Spec §5: approve needs create, approve own needs approve. Inconsistent sets are refused. */
export function assertRightsConsistent(rights: readonly ClientUserRight[]): ClientUserRight[] {
  const set = new Set(rights);
  if ((set.has('approve') && !set.has('create')) || (set.has('approveOwn') && !set.has('approve'))) {
    throw new DomainError(
      'RIGHTS_INCONSISTENT',
      {},
      { fields: { access_rights: 'Approve needs Create, and Approve own needs Approve.' } },
    );
  }
  return CLIENT_USER_RIGHTS.filter((r) => set.has(r));
}

export const asRights = (stored: readonly string[]): ClientUserRight[] =>
  CLIENT_USER_RIGHTS.filter((r) => stored.includes(r));

type UserRow = typeof users.$inferSelect;

/** The status a user shows in lists (spec §4 invitation statuses). */
export function displayStatus(
  u: UserRow,
  invitation: { status: string; expiresAt: Date } | undefined,
  now: Date,
): InvitationStatus {
  if (u.status === 'deactivated') return 'deactivated';
  if (u.status === 'blocked' || (u.blockedUntil && u.blockedUntil > now)) return 'blocked';
  if (u.pendingRequest) return u.pendingRequest;
  if (u.status === 'invited') {
    if (invitation?.status === 'canceled') return 'canceled';
    return invitation && invitation.expiresAt <= now ? 'expired' : 'invited';
  }
  return u.status;
}

export function companyUserView(
  u: UserRow,
  m: { isMaster: boolean; rights: string[] },
  status: InvitationStatus,
) {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    master_user: m.isMaster,
    access_rights: asRights(m.rights),
    status,
    email_confirmed: u.emailConfirmed,
    has_secret: !!u.mfaSecret,
    created: u.createdAt.toISOString(),
  };
}
