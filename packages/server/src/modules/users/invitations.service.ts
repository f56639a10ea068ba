import type { ClientUserKind, ClientUserRight, PasswordCounts, PlatformLabel } from '@portal/domain';
import { mailFormat } from '../../adapters/mail/format.ts';
import type { Tx } from '../../db/client.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import {
  assertNewPasswordAcceptable,
  hashLinkToken,
  hashPassword,
  newLinkToken,
} from '../auth/credentials.ts';
import { asRights, assertRightsConsistent, managedCompany } from './access.ts';
import * as repo from './users.repo.ts';

/** An invitation link works for 7 days unless the inviter chooses (docs/decisions.md). */
export const INVITATION_TTL_MS = 7 * 86_400_000;

export interface InviteInput {
  merchantId: string;
  email: string;
  firstName: string;
  lastName: string;
  kind: ClientUserKind;
  rights: ClientUserRight[];
  mfaRequired: boolean;
  invitedBy: string | null;
  expiresAt?: Date;
}

type Invitation = NonNullable<Awaited<ReturnType<typeof repo.findInvitation>>>;

export function createInvitationsService(deps: AppDeps) {
  const { db, clock } = deps;
  const link = (code: string) => `${deps.config.publicUrl.replace(/\/$/, '')}/frusrs/slfrgn/${code}`;

  async function view(i: Invitation) {
    const user = await repo.findUser(db, i.userId);
    const now = clock.now();
    return {
      id: i.id,
      user_id: i.userId,
      email: i.email,
      first_name: user?.firstName ?? '',
      last_name: user?.lastName ?? '',
      type: i.kind,
      mfa_required: i.mfaRequired,
      access_rights: asRights(i.rights),
      status: i.status === 'invited' && i.expiresAt <= now ? ('expired' as const) : i.status,
      expires_at: i.expiresAt.toISOString(),
      created: i.createdAt.toISOString(),
      inviter_name: await repo.inviterName(db, i.invitedBy),
    };
  }

  /** The user, membership and invitation rows; the mail goes out separately, after commit. */
  async function createRows(tx: Tx, input: InviteInput) {
    const rights = assertRightsConsistent(input.rights);
    if (await repo.emailInUse(tx, input.email)) throw new DomainError('USER_ALREADY_EXISTS');
    const merchant = await repo.findMerchant(tx, input.merchantId);
    if (!merchant || merchant.status !== 1) throw new DomainError('NOT_FOUND');
    const user = await repo.insertUser(tx, {
      login: input.email,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      status: 'invited',
      currentMerchantId: input.merchantId,
    });
    await repo.insertMembership(tx, {
      userId: user.id,
      merchantId: input.merchantId,
      isMaster: input.kind === 'master',
      rights,
    });
    const { token, hash } = newLinkToken();
    const invitation = await repo.insertInvitation(tx, {
      merchantId: input.merchantId,
      userId: user.id,
      email: input.email,
      kind: input.kind,
      rights,
      mfaRequired: input.mfaRequired,
      invitedBy: input.invitedBy,
      codeHash: hash,
      expiresAt: input.expiresAt ?? new Date(clock.now().getTime() + INVITATION_TTL_MS),
    });
    return { invitation, code: token, companyName: merchant.name };
  }

  async function mail(to: string, code: string, companyName: string, expiresAt: Date) {
    await deps.mail.send({
      to,
      kind: 'invitation',
      subject: `You are invited to the Clearline portal of ${companyName}`,
      text: `You are invited to join ${companyName} on the Clearline business portal.\n\nRegister here:\n\n${link(code)}\n\nThe link works until ${mailFormat('en-gb').dateTime(expiresAt)}. You will set a password and then set up an authenticator app.`,
    });
  }

  async function loadManaged(p: UserPrincipal, id: string) {
    const i = await repo.findInvitation(db, id);
    if (!i) throw new DomainError('NOT_FOUND');
    // Another company's invitation answers as if it did not exist.
    if (i.merchantId !== managedCompany(p, p.isAdmin ? i.merchantId : undefined))
      throw new DomainError('NOT_FOUND');
    return i;
  }

  async function change(
    p: UserPrincipal,
    id: string,
    action: string,
    fn: (tx: Tx, i: Invitation) => Promise<Invitation | undefined>,
  ) {
    const i = await loadManaged(p, id);
    // Read before the transaction: PGlite serialises queries outside an open transaction behind it.
    const status = (await view(i)).status;
    const updated = await inTransaction(db, async (tx) => {
      const u = await fn(tx, i);
      if (!u) throw new DomainError('INVITATION_ACTION_NOT_ALLOWED', { status });
      await appendAudit(tx, {
        actorType: p.isAdmin ? 'admin' : 'user',
        actorId: p.userId,
        action,
        subjectType: 'invitation',
        subjectId: id,
      });
      return u;
    });
    return updated;
  }

  return {
    /**
     * Cross-module: boarding's go-live invites the new company's Master User. The mail is queued
     * behind the caller's transaction and not awaited: the outbox write uses its own connection,
     * which on PGlite waits for the transaction to end (awaiting it here would deadlock).
     */
    async inviteUser(tx: Tx, input: InviteInput) {
      const { invitation, code, companyName } = await createRows(tx, input);
      setImmediate(() => {
        mail(input.email, code, companyName, invitation.expiresAt).catch(() => {
          // The outbox row records delivery failures; a failed outbox write leaves the resend action.
        });
      });
      return { invitationId: invitation.id, userId: invitation.userId };
    },

    /** Cross-module: boarding's go-live creates the live company. */
    async createCompany(
      tx: Tx,
      input: { name: string; platform: PlatformLabel; additionalData: Record<string, string> },
    ) {
      // merchants owns the table (issue 33); it is registered before users.
      return service(deps, 'merchants').createCompany(tx, {
        name: input.name,
        platform: input.platform,
        additionalData: input.additionalData,
      });
    },

    async invite(
      p: UserPrincipal,
      body: Omit<InviteInput, 'invitedBy' | 'merchantId'> & { merchantId?: string | undefined },
      meta: { ip: string; userAgent: string },
    ) {
      const merchantId = managedCompany(p, body.merchantId);
      try {
        const { invitation, code, companyName } = await inTransaction(db, async (tx) => {
          const rows = await createRows(tx, { ...body, merchantId, invitedBy: p.userId });
          await appendAudit(tx, {
            actorType: p.isAdmin ? 'admin' : 'user',
            actorId: p.userId,
            action: 'users.invited',
            subjectType: 'invitation',
            subjectId: rows.invitation.id,
            ...meta,
            details: { merchantId, kind: body.kind, rights: rows.invitation.rights },
          });
          return rows;
        });
        await mail(invitation.email, code, companyName, invitation.expiresAt);
        return view(invitation);
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('USER_ALREADY_EXISTS');
        throw err;
      }
    },

    async list(
      p: UserPrincipal,
      status: string | null | undefined,
      page: number,
      rows: number,
      merchantId?: string,
    ) {
      const company = managedCompany(p, merchantId);
      const filter =
        status === 'invited' || status === 'expired' || status === 'registered' || status === 'canceled'
          ? status
          : null;
      // Statuses that belong to users, not invitations, match no invitation.
      if (status && !filter) return { invitations: [], total: 0 };
      const r = await repo.listInvitations(db, company, filter, clock.now(), rows, (page - 1) * rows);
      return { invitations: await Promise.all(r.rows.map((x) => view(x.invitation))), total: r.total };
    },

    cancel: (p: UserPrincipal, id: string) =>
      change(p, id, 'invitations.canceled', async (tx, i) => {
        const u = await repo.updateInvitationIf(tx, i.id, 'invited', {
          status: 'canceled',
          codeHash: null,
          updatedAt: clock.now(),
        });
        if (u) await repo.updateMembership(tx, i.userId, i.merchantId, { status: 0, updatedAt: clock.now() });
        return u;
      }).then(view),

    async resend(p: UserPrincipal, id: string) {
      const { token, hash } = newLinkToken();
      const now = clock.now();
      const i = await change(p, id, 'invitations.resent', (tx, inv) =>
        repo.updateInvitationIf(tx, inv.id, 'invited', {
          codeHash: hash,
          updatedAt: now,
          expiresAt: inv.expiresAt > now ? inv.expiresAt : new Date(now.getTime() + INVITATION_TTL_MS),
        }),
      );
      const merchant = await repo.findMerchant(db, i.merchantId);
      await mail(i.email, token, merchant?.name ?? '', i.expiresAt);
      return view(i);
    },

    prolong: (p: UserPrincipal, id: string) =>
      change(p, id, 'invitations.prolonged', (tx, i) => {
        const base = Math.max(i.expiresAt.getTime(), clock.now().getTime());
        return repo.updateInvitationIf(tx, i.id, 'invited', {
          expiresAt: new Date(base + INVITATION_TTL_MS),
          updatedAt: clock.now(),
        });
      }).then(view),

    async info(code: string) {
      const i = await usable(code);
      const [user, merchant] = await Promise.all([
        repo.findUser(db, i.userId),
        repo.findMerchant(db, i.merchantId),
      ]);
      return {
        email: i.email,
        first_name: user?.firstName ?? '',
        last_name: user?.lastName ?? '',
        company_name: merchant?.name ?? '',
        type: i.kind,
        mfa_required: i.mfaRequired,
      };
    },

    async register(code: string, digest: string, counts: PasswordCounts) {
      const i = await usable(code);
      assertNewPasswordAcceptable(digest, counts);
      const hash = await hashPassword(digest);
      const now = clock.now();
      return inTransaction(db, async (tx) => {
        // Consumed in the same transaction: a second submit of the link finds nothing.
        const used = await repo.updateInvitationIf(tx, i.id, 'invited', {
          status: 'registered',
          codeHash: null,
          updatedAt: now,
        });
        if (!used) throw new DomainError('LINK_INVALID');
        // The link arrived by email, so the address is confirmed.
        const user = await repo.updateUser(tx, i.userId, {
          passwordHash: hash,
          passwordChangedAt: now,
          status: 'registered',
          emailConfirmed: true,
        });
        await appendAudit(tx, {
          actorType: 'user',
          actorId: user.id,
          action: 'users.self_registered',
          subjectType: 'invitation',
          subjectId: i.id,
        });
        return { login: user.login };
      });
    },
  };

  async function usable(code: string) {
    const i = await repo.findInvitationByCode(db, hashLinkToken(code));
    if (!i || i.status !== 'invited') throw new DomainError('LINK_INVALID');
    if (i.expiresAt <= clock.now()) throw new DomainError('LINK_EXPIRED');
    return i;
  }
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
