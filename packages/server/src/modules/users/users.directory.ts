import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import * as repo from './users.repo.ts';

const fullName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/**
 * What other areas need of users, through this module: lookups (support mails and case assignment)
 * and the operator console's membership write (issue 18).
 */
export function createUsersDirectory(deps: AppDeps) {
  const { db } = deps;
  return {
    async companyRecipients(merchantId: string) {
      const { rows } = await repo.companyUsers(db, merchantId, null, 500, 0);
      return rows
        .filter((r) => r.user.status === 'activated' || r.user.status === 'registered')
        .map((r) => ({
          id: r.user.id,
          email: r.user.email,
          name: fullName(r.user),
          uiLanguage: r.user.uiLanguage,
          notificationParams: r.user.notificationParams,
        }));
    },
    async staffUsers() {
      return (await repo.staffUsers(db)).map((u) => ({ id: u.id, name: fullName(u), email: u.email }));
    },
    async userName(id: string) {
      const u = await repo.findUser(db, id);
      return u ? fullName(u) : '';
    },
    merchantsByIds: (ids: string[]) => repo.merchantsByIds(db, [...new Set(ids)]),
    /** Adds or revives a membership in the caller's transaction; false when it was already active. */
    upsertMembership: (
      tx: DbOrTx,
      row: { userId: string; merchantId: string; isMaster: boolean; rights: string[]; at: Date },
    ) => repo.upsertMembership(tx, row),
  };
}
