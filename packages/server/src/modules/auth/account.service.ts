import { RENEWAL_LINK_TTL_MS, type PasswordCounts } from '@portal/domain';
import { emailConfirmationMail, passwordRenewalMail } from '../../adapters/mail/account-texts.ts';
import { mailLanguage } from '../../adapters/mail/format.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import {
  assertNewPasswordAcceptable,
  hashLinkToken,
  hashPassword,
  newLinkToken,
  verifyPassword,
} from './credentials.ts';
import * as repo from './login.repo.ts';
import type { LoginService, Meta } from './login.service.ts';

/** Email confirmation links live a day (docs/decisions.md); renewal links 15 minutes (spec §9). */
const EMAIL_LINK_TTL_MS = 24 * 3_600_000;

export interface NewPassword {
  digest: string;
  counts: PasswordCounts;
}

/** Password and email changes, renewal links and email confirmation. */
export function createAccountService(deps: AppDeps, login: LoginService) {
  const { db, clock } = deps;
  const sessions = () => service(deps, 'sessions');
  const history = () => service(deps, 'securityHistory');
  const link = (path: string) => `${deps.config.publicUrl.replace(/\/$/, '')}${path}`;

  async function loadUser(id: string) {
    const user = await repo.findUserById(db, id);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    return user;
  }

  /** Actions on one's own credentials are the user's alone, never an impersonating admin's. */
  function assertSelf(p: UserPrincipal) {
    if (p.impersonatorId) throw new DomainError('FORBIDDEN');
  }

  async function checkPassword(
    user: Awaited<ReturnType<typeof loadUser>>,
    digest: string,
    meta: Meta,
    action: 'password_change' | 'email_change',
  ) {
    // Only a wrong password uses one of the five, counted atomically after the check (issue 34).
    const key = user.login.toLowerCase();
    await login.assertNotBlocked(key, 'PASSWORD_NOT_CHANGED_BLOCKED');
    if (await verifyPassword(user.passwordHash, digest)) return;
    const judged = await login.countFailure(key, user, meta, 'WRONG_PASSWORD', action);
    throw new DomainError(judged.blocked ? 'PASSWORD_NOT_CHANGED_BLOCKED' : 'WRONG_PASSWORD');
  }

  async function mailConfirmation(userId: string, email: string, uiLanguage: string) {
    const { token, hash } = newLinkToken();
    const now = clock.now();
    await inTransaction(db, async (tx) => {
      await repo.expireUserTokens(tx, userId, 'email', now);
      await repo.insertToken(tx, {
        userId,
        kind: 'email',
        tokenHash: hash,
        email,
        expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
      });
    });
    const url = link(`/user/email-confirmation/${token}`);
    await deps.mail.send({
      to: email,
      kind: 'email-confirmation',
      ...emailConfirmationMail(mailLanguage(uiLanguage), url),
    });
  }

  return {
    async changePassword(p: UserPrincipal, oldDigest: string, next: NewPassword, meta: Meta) {
      assertSelf(p);
      const user = await loadUser(p.userId);
      await checkPassword(user, oldDigest, meta, 'password_change');
      assertNewPasswordAcceptable(next.digest, next.counts);
      if (next.digest === oldDigest) throw new DomainError('PASSWORD_SAME_AS_OLD');
      const hash = await hashPassword(next.digest);
      await inTransaction(db, async (tx) => {
        await repo.updateUser(tx, user.id, {
          passwordHash: hash,
          passwordChangedAt: clock.now(),
          passwordChangeRequiredBy: null,
        });
        await sessions().revokeAllForUser(tx, user.id, 'password_change');
        await history().record(tx, {
          userId: user.id,
          action: 'password_change',
          result: 'success',
          ...meta,
        });
      });
    },

    /** Mails a renewal link valid 15 minutes; earlier links stop working. */
    async sendRenewalLink(userId: string) {
      const user = await loadUser(userId);
      const { token, hash } = newLinkToken();
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        await repo.expireUserTokens(tx, userId, 'renewp', now);
        await repo.insertToken(tx, {
          userId,
          kind: 'renewp',
          tokenHash: hash,
          expiresAt: new Date(now.getTime() + RENEWAL_LINK_TTL_MS),
        });
      });
      const url = link(`/frusrs/renewp/${token}`);
      await deps.mail.send({
        to: user.email,
        kind: 'password-renewal',
        ...passwordRenewalMail(mailLanguage(user.uiLanguage), user.login, url),
      });
    },

    async renewalInfo(token: string) {
      const t = await repo.findToken(db, hashLinkToken(token), 'renewp');
      if (!t || t.usedAt) throw new DomainError('LINK_INVALID');
      if (t.expiresAt <= clock.now()) throw new DomainError('LINK_EXPIRED');
      const user = await loadUser(t.userId);
      return { email: user.email, expires_at: t.expiresAt.toISOString() };
    },

    async renewPassword(token: string, next: NewPassword, meta: Meta) {
      const info = await repo.findToken(db, hashLinkToken(token), 'renewp');
      if (!info || info.usedAt) throw new DomainError('LINK_INVALID');
      if (info.expiresAt <= clock.now()) throw new DomainError('LINK_EXPIRED');
      const user = await loadUser(info.userId);
      if (user.status === 'blocked' || user.status === 'deactivated') {
        throw new DomainError('PASSWORD_NOT_CHANGED_BLOCKED');
      }
      assertNewPasswordAcceptable(next.digest, next.counts);
      if (await verifyPassword(user.passwordHash, next.digest)) throw new DomainError('PASSWORD_SAME_AS_OLD');
      const hash = await hashPassword(next.digest);
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        // Consumed inside the change: two submits of one link change the password once.
        if (!(await repo.useToken(tx, info.tokenHash, 'renewp', now))) throw new DomainError('LINK_INVALID');
        await repo.updateUser(tx, user.id, {
          passwordHash: hash,
          passwordChangedAt: now,
          passwordChangeRequiredBy: null,
          pendingRequest: null,
          blockedUntil: null,
        });
        // The mailed link proves the mailbox: a temporary block from wrong guesses ends here.
        await repo.resetThrottle(tx, user.login.toLowerCase());
        await sessions().revokeAllForUser(tx, user.id, 'password_renewal');
        await history().record(tx, {
          userId: user.id,
          action: 'password_renewal',
          result: 'success',
          ...meta,
        });
      });
    },

    async changeEmail(p: UserPrincipal, passwordDigest: string, email: string, meta: Meta) {
      assertSelf(p);
      const user = await loadUser(p.userId);
      await checkPassword(user, passwordDigest, meta, 'email_change');
      if (email.toLowerCase() === user.email.toLowerCase()) throw new DomainError('EMAIL_SAME_AS_CURRENT');
      const other = await repo.findUserByEmail(db, email);
      if (other) throw new DomainError('EMAIL_TAKEN');
      try {
        await inTransaction(db, async (tx) => {
          await repo.updateUser(tx, user.id, { email, emailConfirmed: false });
          await history().record(tx, { userId: user.id, action: 'email_change', result: 'success', ...meta });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('EMAIL_TAKEN');
        throw err;
      }
      await mailConfirmation(user.id, email, user.uiLanguage);
      return { email, email_confirmed: false };
    },

    async resendConfirmation(p: UserPrincipal) {
      const user = await loadUser(p.userId);
      if (user.emailConfirmed) throw new DomainError('EMAIL_NO_CONFIRMATION_TOKEN');
      await mailConfirmation(user.id, user.email, user.uiLanguage);
    },

    async confirmEmail(token: string, meta: Meta) {
      return inTransaction(db, async (tx) => {
        const t = await repo.useToken(tx, hashLinkToken(token), 'email', clock.now());
        if (!t) throw new DomainError('EMAIL_CONFIRM_WRONG_LINK');
        const user = await repo.findUserById(tx, t.userId);
        // A link for an address the user has since changed again confirms nothing.
        if (!user || !t.email || user.email.toLowerCase() !== t.email.toLowerCase()) {
          throw new DomainError('EMAIL_CONFIRM_WRONG_LINK');
        }
        await repo.updateUser(tx, user.id, { emailConfirmed: true });
        await history().record(tx, {
          userId: user.id,
          action: 'email_confirmation',
          result: 'success',
          ...meta,
        });
        return { email: user.email };
      });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
