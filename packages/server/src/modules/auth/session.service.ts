import { randomUUID } from 'node:crypto';
import { actionRightsFor, type ClientUserRight, isAdminGroup, TOKEN_TTL_MS } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { sessionVerifier } from './credentials.ts';
import { bearerToken, type MfaPrincipal, type UserPrincipal } from '../../http/principal.ts';
import * as repo from './session.repo.ts';

/** A pre-MFA token lives long enough to type a code, no longer. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
const ALG = 'HS256';
const ISSUER = 'portal';

export type SessionPurpose = 'mfa' | 'session';

export interface IssuedToken {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export interface SessionService {
  issue(
    db: DbOrTx,
    userId: string,
    purpose: SessionPurpose,
    meta?: { ip?: string; userAgent?: string; impersonatorId?: string; passwordDigest?: string },
  ): Promise<IssuedToken>;
  /** New token for the same session with a fresh expiry (GET /frusrs/tkn). */
  refresh(sessionId: string): Promise<IssuedToken>;
  revoke(db: DbOrTx, sessionId: string, reason: string): Promise<void>;
  revokeAllForUser(db: DbOrTx, userId: string, reason: string): Promise<void>;
  /** Switches the company one session acts for (issue 34: other sessions of the user keep theirs). */
  setCurrentMerchant(db: DbOrTx, sessionId: string, merchantId: string): Promise<void>;
  /** Reads the bearer token: a full session → UserPrincipal, a pre-MFA one → MfaPrincipal. */
  resolve(req: FastifyRequest): Promise<UserPrincipal | MfaPrincipal>;
  /**
   * Whether `digest` is the password the user logged in with, by the per-session verifier of any
   * open session of the user; null when none holds one. (A caller's own session's verifier is read
   * with its confirmation challenge, confirmations.repo.)
   */
  matchesSessionVerifier(userId: string, digest: string): Promise<boolean | null>;
  /** The principal of a user id as if just logged in, in the user's last company (seeds, jobs, tests). */
  principalFor(userId: string, sessionId: string, impersonatorId: string | null): Promise<UserPrincipal>;
}

type Claims = { sub?: string; sid?: unknown; pur?: unknown; exp?: number };
const VERIFIED_TOKENS_MAX = 10_000;

export function createSessionService(deps: { db: Db; clock: Clock; jwtSecret: string }): SessionService {
  const key = new TextEncoder().encode(deps.jwtSecret);
  const verifier = sessionVerifier(deps.jwtSecret);
  const { db, clock } = deps;

  async function sign(sessionId: string, userId: string, purpose: SessionPurpose, expiresAt: Date) {
    return new SignJWT({ sid: sessionId, pur: purpose })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
  }

  /**
   * Tokens whose signature jose has checked, with their claims: a browser sends the same token on
   * every call until it refreshes, and WebCrypto's HMAC check was ~6 % of a busy server's CPU.
   * Only the signature check is remembered; expiry is checked on every call and the session row
   * (revocation, expiry, purpose) is still read every time. Bounded; the oldest entry goes first.
   */
  const verified = new Map<string, Claims>();
  async function verifiedClaims(token: string): Promise<Claims> {
    let claims = verified.get(token);
    if (!claims) {
      try {
        // Algorithm pinned: `alg: none` or an RS/ES token signed with another key is refused.
        ({ payload: claims } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer: ISSUER,
          currentDate: clock.now(),
        }));
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) throw new DomainError('UNAUTHENTICATED');
        throw err;
      }
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
    }
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= clock.now().getTime()) {
      verified.delete(token);
      throw new DomainError('UNAUTHENTICATED');
    }
    return claims;
  }

  /** The principal of a user from their current company's membership (none: no company). */
  function userPrincipal(
    ids: { userId: string; sessionId: string; impersonatorId: string | null },
    user: {
      currentMerchantId: string | null;
      currentGroup: string | null;
      groupActive: boolean;
      autoApprovePayouts: boolean;
    },
    membership: { isMaster: boolean; rights: readonly string[] } | undefined,
  ): UserPrincipal {
    const isAdmin = isAdminGroup(user.currentGroup) && user.groupActive;
    const rights = (membership?.rights ?? []) as ClientUserRight[];
    return {
      kind: 'user',
      userId: ids.userId,
      sessionId: ids.sessionId,
      merchantId: membership ? (user.currentMerchantId ?? null) : null,
      isMaster: membership?.isMaster ?? false,
      isAdmin,
      group: isAdmin ? user.currentGroup : null,
      rights: new Set(
        actionRightsFor({
          rights,
          isMaster: membership?.isMaster ?? false,
          isAdmin,
          hasCompany: !!membership,
        }),
      ),
      impersonatorId: ids.impersonatorId,
      autoApprovePayouts: user.autoApprovePayouts,
    };
  }

  const inactive = (status: string) => status === 'blocked' || status === 'deactivated';

  async function principalFor(
    userId: string,
    sessionId: string,
    impersonatorId: string | null,
  ): Promise<UserPrincipal> {
    const user = await repo.findUser(db, userId);
    if (!user || inactive(user.status)) throw new DomainError('UNAUTHENTICATED');
    const membership = user.currentMerchantId
      ? await repo.findMembership(db, userId, user.currentMerchantId)
      : undefined;
    const groupActive =
      isAdminGroup(user.currentGroup) && (await repo.hasActiveGroup(db, userId, user.currentGroup));
    return userPrincipal({ userId, sessionId, impersonatorId }, { ...user, groupActive }, membership);
  }

  return {
    async issue(tx, userId, purpose, meta = {}) {
      const ttl = purpose === 'mfa' ? MFA_TOKEN_TTL_MS : TOKEN_TTL_MS;
      const expiresAt = new Date(clock.now().getTime() + ttl);
      const id = randomUUID();
      const s = await repo.insertSession(tx, {
        id,
        userId,
        purpose,
        // Only a full login holds a verifier; impersonation never saw the user's password.
        confirmationVerifier:
          purpose === 'session' && meta.passwordDigest && !meta.impersonatorId
            ? verifier.of(id, meta.passwordDigest)
            : null,
        expiresAt,
        impersonatorId: meta.impersonatorId ?? null,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent ?? null,
      });
      return { token: await sign(s.id, userId, purpose, expiresAt), sessionId: s.id, expiresAt };
    },

    async refresh(sessionId) {
      const s = await repo.findSession(db, sessionId);
      if (!s || s.revokedAt || s.purpose !== 'session' || s.expiresAt <= clock.now()) {
        throw new DomainError('UNAUTHENTICATED');
      }
      const expiresAt = new Date(clock.now().getTime() + TOKEN_TTL_MS);
      await repo.extendSession(db, sessionId, expiresAt);
      return { token: await sign(sessionId, s.userId, 'session', expiresAt), sessionId, expiresAt };
    },

    async matchesSessionVerifier(userId, digest) {
      const open = await repo.openSessionVerifiers(db, userId, clock.now());
      if (open.length === 0) return null;
      return open.some((s) => verifier.matches(s.verifier, s.id, digest));
    },

    revoke: (tx, sessionId, reason) => repo.revokeSession(tx, sessionId, reason, clock.now()),
    revokeAllForUser: (tx, userId, reason) => repo.revokeUserSessions(tx, userId, reason, clock.now()),
    setCurrentMerchant: (tx, sessionId, merchantId) => repo.setSessionMerchant(tx, sessionId, merchantId),

    async resolve(req) {
      const token = bearerToken(req);
      if (!token) throw new DomainError('UNAUTHENTICATED');
      const payload = await verifiedClaims(token);
      const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
      if (!payload.sub || !sessionId || !/^[0-9a-f-]{36}$/.test(sessionId))
        throw new DomainError('UNAUTHENTICATED');
      // One statement: session, user, current membership and group (every call pays it).
      const s = await repo.findSessionPrincipal(db, sessionId);
      if (
        !s ||
        s.revoked ||
        s.user_id !== payload.sub ||
        new Date(s.expires_at) <= clock.now() ||
        s.purpose !== payload.pur
      ) {
        throw new DomainError('UNAUTHENTICATED');
      }
      if (s.purpose === 'mfa') return { kind: 'mfa', userId: s.user_id, sessionId: s.id };
      if (inactive(s.user_status)) throw new DomainError('UNAUTHENTICATED');
      return userPrincipal(
        { userId: s.user_id, sessionId: s.id, impersonatorId: s.impersonator_id },
        {
          currentMerchantId: s.current_merchant_id,
          currentGroup: s.current_group,
          groupActive: s.group_active,
          autoApprovePayouts: s.auto_approve_payouts,
        },
        s.is_master === null ? undefined : { isMaster: s.is_master, rights: s.rights ?? [] },
      );
    },

    principalFor,
  };
}
