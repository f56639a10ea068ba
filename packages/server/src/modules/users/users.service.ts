import {
  ADMIN_GROUPS,
  type AdminGroup,
  type ClientUserRight,
  isAdminGroup,
  type UserProfile,
} from '@portal/domain';
import { mfaResetMail } from '../../adapters/mail/account-texts.ts';
import { mailLanguage } from '../../adapters/mail/format.ts';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { SecurityEvent } from '../security/security.service.ts';
import {
  asRights,
  assertRightsConsistent,
  companyUserView,
  displayStatus,
  managedCompany,
  managedUser,
} from './access.ts';
import * as repo from './users.repo.ts';

export interface Meta {
  ip: string;
  userAgent: string;
}

type Settings = {
  ui_language?: string | undefined;
  ui_theme?: 'light' | 'dark' | undefined;
  notification_params?: Record<string, unknown> | undefined;
  mfa_login_prompt?: boolean | undefined;
  auto_approve_payouts?: boolean | undefined;
};

const auditActor = (p: UserPrincipal) => ({
  actorType: p.isAdmin ? ('admin' as const) : ('user' as const),
  actorId: p.userId,
});

export function createUsersService(deps: AppDeps) {
  const { db, clock } = deps;
  const sessions = () => service(deps, 'sessions');
  const history = () => service(deps, 'securityHistory');

  async function profile(userId: string, p: UserPrincipal, onlyMerchant?: string): Promise<UserProfile> {
    const user = await repo.findUser(db, userId);
    if (!user) throw new DomainError('NOT_FOUND');
    const [all, groups, invitation] = await Promise.all([
      repo.membershipsOf(db, userId),
      repo.activeGroupsOf(db, userId),
      repo.latestInvitationOf(db, userId),
    ]);
    const memberships = onlyMerchant ? all.filter((m) => m.merchantId === onlyMerchant) : all;
    // One's own current company is the session's (issue 34); another user's is where they last were.
    const currentId = userId === p.userId ? p.merchantId : user.currentMerchantId;
    const current = memberships.find((m) => m.merchantId === currentId);
    const group =
      isAdminGroup(user.currentGroup) && groups.includes(user.currentGroup) ? user.currentGroup : null;
    return {
      id: user.id,
      login: user.login,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      email_confirmed: user.emailConfirmed,
      has_secret: !!user.mfaSecret,
      auto_approve_payouts: user.autoApprovePayouts,
      mfa_login_prompt: user.mfaLoginPrompt,
      notification_params: user.notificationParams,
      ui_language: user.uiLanguage,
      ui_theme: user.uiTheme,
      status: displayStatus(user, invitation, clock.now()),
      current_service_code: current?.serviceCode ?? null,
      current_group: group,
      current_merchant: current
        ? {
            id: current.merchantId,
            name: current.name,
            master_user: current.isMaster,
            service_code: current.serviceCode,
          }
        : null,
      current_company: current ? { id: current.merchantId } : null,
      available_groups: groups.filter((g): g is AdminGroup =>
        (ADMIN_GROUPS as readonly string[]).includes(g),
      ),
      available_merchants: memberships.map((m) => ({
        id: m.merchantId,
        uuid: m.merchantId,
        name: m.name,
        service_code: m.serviceCode,
        access_rights: asRights(m.rights),
        master_user: m.isMaster,
      })),
      available_users: [],
      impersonator_id: userId === p.userId ? p.impersonatorId : null,
    };
  }

  /**
   * Ends every session of a user another user acted on, and records it in the user's security
   * history with who did it.
   */
  async function signOutEverywhere(
    tx: Tx,
    p: UserPrincipal,
    userId: string,
    why: {
      reason: Parameters<ReturnType<typeof sessions>['revokeAllForUser']>[2];
      action: SecurityEvent['action'];
    },
    meta: Meta,
  ) {
    await sessions().revokeAllForUser(tx, userId, why.reason);
    await history().record(tx, {
      userId,
      action: why.action,
      result: 'success',
      impersonatorId: p.userId,
      ...meta,
    });
  }

  /** Runs a change to another user in one transaction with its audit record. */
  async function actOnUser(
    p: UserPrincipal,
    userId: string,
    action: string,
    change: (
      tx: Parameters<Parameters<typeof inTransaction>[1]>[0],
      user: Awaited<ReturnType<typeof managedUser>>['user'],
    ) => Promise<void>,
    meta: Meta,
    merchantId?: string,
  ) {
    const company = managedCompany(p, merchantId);
    await managedUser(db, company, userId);
    await inTransaction(db, async (tx) => {
      const { user } = await managedUser(tx, company, userId);
      await change(tx, user);
      await appendAudit(tx, {
        ...auditActor(p),
        action,
        subjectType: 'user',
        subjectId: userId,
        ...meta,
        details: { merchantId: company },
      });
    });
    return listedUser(company, userId);
  }

  async function listedUser(merchantId: string, userId: string) {
    const { user, member } = await managedUser(db, merchantId, userId);
    return companyUserView(
      user,
      member,
      displayStatus(user, await repo.latestInvitationOf(db, userId), clock.now()),
    );
  }

  return {
    profile,

    /** The service type of the company the caller acts for (spec §1), null without one. */
    async currentServiceCode(p: UserPrincipal): Promise<'AccountService' | 'MerchantService' | null> {
      if (!p.merchantId) return null;
      const current = (await repo.membershipsOf(db, p.userId)).find((m) => m.merchantId === p.merchantId);
      return current?.serviceCode ?? null;
    },

    async profileFor(p: UserPrincipal, id: string) {
      if (id === 'me' || id === p.userId) return profile(p.userId, p);
      const company = managedCompany(p, undefined);
      await managedUser(db, company, id);
      return profile(id, p, company);
    },

    async companyUsers(
      p: UserPrincipal,
      group: 'default_group' | 'master' | 'standard',
      page: number,
      rows: number,
      merchantId?: string,
    ) {
      const company = managedCompany(p, merchantId);
      const { rows: list, total } = await repo.companyUsers(
        db,
        company,
        group === 'default_group' ? null : group,
        rows,
        (page - 1) * rows,
      );
      const now = clock.now();
      const users = await Promise.all(
        list.map(async (r) =>
          companyUserView(
            r.user,
            r,
            displayStatus(r.user, await repo.latestInvitationOf(db, r.user.id), now),
          ),
        ),
      );
      return { users, total };
    },

    async changeSettings(p: UserPrincipal, s: Settings) {
      // Auto-approve only with the approve right in the company the user acts for (spec §6).
      if (s.auto_approve_payouts && !p.rights.has('payments/approve'))
        throw new DomainError('AUTO_APPROVE_NEEDS_APPROVE');
      const u = await repo.updateUser(db, p.userId, {
        ...(s.ui_language !== undefined ? { uiLanguage: s.ui_language } : {}),
        ...(s.ui_theme !== undefined ? { uiTheme: s.ui_theme } : {}),
        ...(s.notification_params !== undefined ? { notificationParams: s.notification_params } : {}),
        ...(s.mfa_login_prompt !== undefined ? { mfaLoginPrompt: s.mfa_login_prompt } : {}),
        ...(s.auto_approve_payouts !== undefined ? { autoApprovePayouts: s.auto_approve_payouts } : {}),
      });
      return {
        ui_language: u.uiLanguage,
        ui_theme: u.uiTheme,
        notification_params: u.notificationParams,
        mfa_login_prompt: u.mfaLoginPrompt,
        auto_approve_payouts: u.autoApprovePayouts,
      };
    },

    async changeCurrentMerchant(p: UserPrincipal, merchantId: string) {
      if (!(await repo.membership(db, p.userId, merchantId))) throw new DomainError('MERCHANT_NOT_AVAILABLE');
      const merchant = await repo.findMerchant(db, merchantId);
      if (!merchant || merchant.status !== 1) throw new DomainError('MERCHANT_NOT_AVAILABLE');
      // This session only; the user's row keeps the company the next login starts in.
      await inTransaction(db, async (tx) => {
        await sessions().setCurrentMerchant(tx, p.sessionId, merchantId);
        await repo.updateUser(tx, p.userId, { currentMerchantId: merchantId });
      });
      return profile(p.userId, { ...p, merchantId });
    },

    setRights(
      p: UserPrincipal,
      userId: string,
      rights: ClientUserRight[],
      isMaster: boolean | undefined,
      meta: Meta,
      merchantId?: string,
    ) {
      const clean = assertRightsConsistent(rights);
      return actOnUser(
        p,
        userId,
        'users.rights_changed',
        async (tx, user) => {
          const company = managedCompany(p, merchantId);
          await repo.updateMembership(tx, userId, company, {
            rights: clean,
            ...(isMaster === undefined ? {} : { isMaster }),
            updatedAt: clock.now(),
          });
          // Without approve the user's auto-approve would approve nothing it may; switch it off.
          if (!clean.includes('approve') && user.autoApprovePayouts)
            await repo.updateUser(tx, userId, { autoApprovePayouts: false });
        },
        meta,
        merchantId,
      );
    },

    resetPassword: (p: UserPrincipal, userId: string, meta: Meta) =>
      actOnUser(
        p,
        userId,
        'users.password_reset',
        async (tx) => {
          await repo.updateUser(tx, userId, { pendingRequest: null });
        },
        meta,
      ).then(async (view) => {
        await service(deps, 'account').sendRenewalLink(userId);
        return view;
      }),

    resetMfa: (p: UserPrincipal, userId: string, meta: Meta) =>
      actOnUser(
        p,
        userId,
        'users.mfa_reset',
        async (tx) => {
          await repo.updateUser(tx, userId, {
            mfaSecret: null,
            mfaPendingSecret: null,
            pendingRequest: null,
          });
          await signOutEverywhere(tx, p, userId, { reason: 'mfa_reset', action: 'mfa_reset' }, meta);
        },
        meta,
      ).then(async (view) => {
        const reset = await repo.findUser(db, userId);
        await deps.mail.send({
          to: view.email,
          kind: 'mfa-reset',
          ...mfaResetMail(mailLanguage(reset?.uiLanguage)),
        });
        return view;
      }),

    deactivate: (p: UserPrincipal, userId: string, meta: Meta) => {
      if (userId === p.userId) throw new DomainError('FORBIDDEN');
      return actOnUser(
        p,
        userId,
        'users.deactivated',
        async (tx) => {
          await repo.updateUser(tx, userId, { status: 'deactivated' });
          await signOutEverywhere(tx, p, userId, { reason: 'deactivated', action: 'deactivation' }, meta);
        },
        meta,
      );
    },

    activate: (p: UserPrincipal, userId: string, meta: Meta) =>
      actOnUser(
        p,
        userId,
        'users.activated',
        async (tx, user) => {
          if (user.status !== 'deactivated' && user.status !== 'blocked' && !user.blockedUntil) {
            throw new DomainError('INVITATION_ACTION_NOT_ALLOWED', { status: user.status });
          }
          await repo.updateUser(tx, userId, {
            status: user.passwordHash ? 'activated' : 'invited',
            blockedUntil: null,
          });
        },
        meta,
      ),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
