import { inTransaction } from '../../db/tx.ts';
import { resetRequestMail } from '../../adapters/mail/account-texts.ts';
import { mailLanguage } from '../../adapters/mail/format.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import * as repo from './users.repo.ts';
import type { Meta } from './users.service.ts';

/** Impersonation by admins, and reset requests that users send to their Master User. */
export function createAccessRequestsService(deps: AppDeps) {
  const { db } = deps;
  const sessions = () => service(deps, 'sessions');
  const history = () => service(deps, 'securityHistory');

  return {
    /** An admin acts as a client user: a new session of that user carrying the impersonator. */
    async impersonate(p: UserPrincipal, userId: string, meta: Meta) {
      const user = await repo.findUser(db, userId);
      if (!user) throw new DomainError('NOT_FOUND');
      const memberships = await repo.membershipsOf(db, userId);
      if (
        userId === p.userId ||
        (await repo.isStaffUser(db, userId)) ||
        memberships.length === 0 ||
        user.status !== 'activated'
      ) {
        throw new DomainError('IMPERSONATION_NOT_ALLOWED');
      }
      return inTransaction(db, async (tx) => {
        const { token } = await sessions().issue(tx, userId, 'session', {
          ...meta,
          impersonatorId: p.userId,
        });
        await history().record(tx, {
          userId,
          action: 'impersonation',
          result: 'success',
          impersonatorId: p.userId,
          ...meta,
        });
        await history().record(tx, { userId: p.userId, action: 'impersonation', result: 'success', ...meta });
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: p.userId,
          action: 'users.impersonated',
          subjectType: 'user',
          subjectId: userId,
          ...meta,
        });
        return token;
      });
    },

    /** Forgot password / lost authenticator: the request goes to the company's Master Users. */
    async requestReset(login: string, kind: 'passwordResetRequest' | 'mfaResetRequest') {
      const user = await repo.findUserByLogin(db, login);
      // Same answer whether or not the login exists.
      if (!user || user.status === 'invited' || user.status === 'deactivated' || user.pendingRequest === kind)
        return;
      await repo.updateUser(db, user.id, { pendingRequest: kind });
      const masters = user.currentMerchantId ? await repo.mastersOf(db, user.currentMerchantId) : [];
      const who = { name: `${user.firstName} ${user.lastName}`, email: user.email };
      for (const m of masters.filter((x) => x.id !== user.id)) {
        await deps.mail.send({
          to: m.email,
          kind: 'reset-request',
          ...resetRequestMail(mailLanguage(m.uiLanguage), who, kind),
        });
      }
    },
  };
}
export type AccessRequestsService = ReturnType<typeof createAccessRequestsService>;
