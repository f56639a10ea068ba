import {
  isAdminGroup,
  LOGIN_BLOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  type LoginPrompt,
  type PasswordCounts,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import QRCode from 'qrcode';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { MfaPrincipal, UserPrincipal } from '../../http/principal.ts';
import {
  assertNewPasswordAcceptable,
  hashPassword,
  matchTotpStep,
  newTotpSecret,
  type SecretBox,
  totpFor,
  verifyPassword,
} from './credentials.ts';
import * as repo from './login.repo.ts';
import { hasActiveGroup } from './session.repo.ts';

export interface Meta {
  ip: string;
  userAgent: string;
}

export interface LoginInput {
  login: string;
  password: string;
  code: string | undefined;
  newPassword: { digest: string; counts: PasswordCounts } | undefined;
}

export type LoginAnswer = { token: string; login_prompt?: LoginPrompt };

/** How a wrong answer was judged: counted (and whether it started the block), or inside a block. */
export type Judged = { blocked: false } | { blocked: true; startedNow: boolean; minutes: number };

/**
 * A failure the database recovers from by itself: PostgreSQL starting up or in recovery (57P03),
 * shut down by an administrator or a crash (57P01, 57P02), connection errors (class 08), too many
 * connections (53300), or the socket refused/reset/timed out.
 */
export function isTemporaryDbFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^(57P0[123]|08[0-9A-Z]{3}|53300)$/.test(code)) return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code)) return true;
    }
    if (e instanceof Error && /Connection terminated|timeout exceeded when trying to connect/.test(e.message))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

type User = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

export function createLoginService(deps: AppDeps, box: SecretBox) {
  const { db, clock } = deps;
  const sessions = () => service(deps, 'sessions');
  const history = () => service(deps, 'securityHistory');

  const isAdminUser = async (u: User) =>
    isAdminGroup(u.currentGroup) && hasActiveGroup(db, u.id, u.currentGroup);

  const minutesUntil = (until: Date, now: Date) => Math.ceil((until.getTime() - now.getTime()) / 60_000);

  /**
   * While a block runs nothing is checked, so a guess inside the block learns nothing. Only a
   * read: nothing is reserved before the check (issue 34), a right answer never uses an attempt.
   */
  async function assertNotBlocked(
    key: string,
    blocked: 'LOGIN_BLOCKED' | 'PASSWORD_NOT_CHANGED_BLOCKED' = 'LOGIN_BLOCKED',
  ): Promise<void> {
    const now = clock.now();
    const t = await repo.getThrottle(db, key);
    if (t?.blockedUntil && t.blockedUntil > now) {
      throw new DomainError(blocked, { minutes: minutesUntil(t.blockedUntil, now) });
    }
  }

  /**
   * Judges one wrong answer for this login (wrong password or code, whether or not the login
   * exists): counted atomically (`repo.countWrongAnswer`), so parallel wrong answers are taken one
   * at a time and the fifth blocks the login and ends the user's sessions; one judged inside a
   * running block counts nothing and is refused as blocked.
   */
  async function countFailure(
    key: string,
    user: User | undefined,
    meta: Meta,
    reason: string,
    action: 'login' | 'password_change' | 'email_change' | 'mfa_setup' = 'login',
  ): Promise<Judged> {
    const now = clock.now();
    const until = new Date(now.getTime() + LOGIN_BLOCK_MINUTES * 60_000);
    const counted = await inTransaction(db, async (tx) => {
      const n = await repo.countWrongAnswer(tx, { key, max: LOGIN_MAX_FAILURES, blockUntil: until, now });
      if (n === null) return null;
      if (n.blocked && user) {
        await repo.updateUser(tx, user.id, { blockedUntil: until });
        await sessions().revokeAllForUser(tx, user.id, 'blocked');
      }
      if (user) {
        await history().record(tx, { userId: user.id, action, result: 'failure', error: reason, ...meta });
        if (n.blocked)
          await history().record(tx, { userId: user.id, action: 'block', result: 'success', ...meta });
      }
      return n;
    });
    if (counted === null) {
      // A block started by answers judged just before this one.
      const t = await repo.getThrottle(db, key);
      const running = t?.blockedUntil && t.blockedUntil > now ? t.blockedUntil : until;
      return { blocked: true, startedNow: false, minutes: minutesUntil(running, now) };
    }
    return counted.blocked
      ? { blocked: true, startedNow: true, minutes: LOGIN_BLOCK_MINUTES }
      : { blocked: false };
  }

  async function fail(
    key: string,
    user: User | undefined,
    meta: Meta,
    reason: string,
    blocked: 'LOGIN_BLOCKED' | 'LOGIN_BLOCKED_PASSWORD_CHANGE' = 'LOGIN_BLOCKED',
  ): Promise<never> {
    const judged = await countFailure(key, user, meta, reason, 'login');
    // The block this very answer started says how (spec §8); one already running is the ordinary one.
    if (judged.blocked) {
      throw new DomainError(judged.startedNow ? blocked : 'LOGIN_BLOCKED', { minutes: judged.minutes });
    }
    throw new DomainError('LOGIN_FAILED');
  }

  async function prompt(user: User, loginPrompt: LoginPrompt, meta: Meta): Promise<LoginAnswer> {
    const { token } = await sessions().issue(db, user.id, 'mfa', meta);
    return { token, login_prompt: loginPrompt };
  }

  async function refuseStatus(user: User, meta: Meta): Promise<void> {
    if (user.status !== 'deactivated' && user.status !== 'blocked') return;
    const code = user.status === 'deactivated' ? 'LOGIN_USER_DEACTIVATED' : 'LOGIN_USER_BLOCKED';
    await history().record(db, { userId: user.id, action: 'login', result: 'failure', error: code, ...meta });
    throw new DomainError(code);
  }

  /** POST /frusrs/tkn: password → (MFA setup) → (overdue password change) → code → session. */
  async function checkedLogin(input: LoginInput, meta: Meta, key: string): Promise<LoginAnswer> {
    const now = clock.now();
    // While blocked nothing reaches this point (login above).
    const user = await repo.findUserByLogin(db, key);
    const passwordOk = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !passwordOk || user.status === 'invited') return fail(key, user, meta, 'LOGIN_FAILED');
    await refuseStatus(user, meta);

    // Admins log in during maintenance to end it; everyone else is told to come back.
    const isAdmin = await isAdminUser(user);
    const maintenance = await deps.maintenance.state();
    if (maintenance.state === 'started' && !isAdmin) {
      throw new DomainError('MAINTENANCE', {}, { extra: { maintenance } });
    }
    // A blocked address gets no token at all, not even a pre-MFA one; staff are not bound by it.
    if (!isAdmin) await service(deps, 'ipGuard').checkLogin(user, meta);

    const secret = user.mfaSecret ?? user.mfaPendingSecret;
    if (!user.mfaSecret && (!user.mfaPendingSecret || !input.code)) return prompt(user, 'mfa_setup', meta);
    const overdue = !!user.passwordChangeRequiredBy && user.passwordChangeRequiredBy <= now;
    if (overdue && !input.newPassword) return prompt(user, 'password_change', meta);
    let newHash: string | undefined;
    if (overdue && input.newPassword) {
      // Checked before the code so a refused password does not burn the user's code.
      assertNewPasswordAcceptable(input.newPassword.digest, input.newPassword.counts);
      if (await verifyPassword(user.passwordHash, input.newPassword.digest)) {
        throw new DomainError('PASSWORD_SAME_AS_OLD');
      }
      newHash = await hashPassword(input.newPassword.digest);
    }
    if (!input.code || !secret) return prompt(user, 'mfa_code', meta);

    // A block earned at the overdue password change says so (spec §8); the password was right here.
    const blockedAs = overdue ? 'LOGIN_BLOCKED_PASSWORD_CHANGE' : 'LOGIN_BLOCKED';
    const step = matchTotpStep(box.open(secret), input.code, now);
    if (step === null) return fail(key, user, meta, 'WRONG_CODE', blockedAs);
    const confirmsSetup = !user.mfaSecret;
    const token = await inTransaction(db, async (tx) => {
      // A right code counts nothing, but one judged after parallel wrong answers started a block is
      // refused: the throttle row is locked first, so the block holds from the moment it started.
      const blockedUntil = await repo.lockRunningBlock(tx, key, now);
      if (blockedUntil) {
        throw new DomainError('LOGIN_BLOCKED', { minutes: minutesUntil(blockedUntil, now) });
      }
      if (!(await repo.consumeTotpStep(tx, user.id, step))) return { replayed: true as const };
      if (confirmsSetup)
        await history().record(tx, { userId: user.id, action: 'mfa_setup', result: 'success', ...meta });
      if (newHash) {
        await sessions().revokeAllForUser(tx, user.id, 'password_change');
        await repo.updateUser(tx, user.id, {
          passwordHash: newHash,
          passwordChangedAt: now,
          passwordChangeRequiredBy: null,
        });
        await history().record(tx, {
          userId: user.id,
          action: 'password_change',
          result: 'success',
          ...meta,
        });
      }
      await repo.resetThrottle(tx, key);
      await repo.updateUser(tx, user.id, {
        failedAttempts: 0,
        blockedUntil: null,
        // The first full login completes a self-registration (spec §4: registered → activated).
        ...(user.status === 'registered' ? { status: 'activated' as const } : {}),
      });
      await history().record(tx, { userId: user.id, action: 'login', result: 'success', ...meta });
      const passwordDigest = input.newPassword?.digest ?? input.password;
      return (await sessions().issue(tx, user.id, 'session', { ...meta, passwordDigest })).token;
    });
    if (typeof token !== 'string') {
      // A right code already used (a replay, or parallel logins with one code): refused as before,
      // but it is no wrong answer, so it uses no attempt (issue 34); nor does it end a run of wrong
      // answers (the transaction above wrote nothing).
      await history().record(db, {
        userId: user.id,
        action: 'login',
        result: 'failure',
        error: 'REPLAYED_CODE',
        ...meta,
      });
      throw new DomainError('LOGIN_FAILED');
    }
    return { token };
  }

  return {
    countFailure,
    assertNotBlocked,

    async login(input: LoginInput, meta: Meta): Promise<LoginAnswer> {
      try {
        const key = input.login.trim().toLowerCase();
        await assertNotBlocked(key);
        return await checkedLogin(input, meta, key);
      } catch (err) {
        // The database is restarting or recovering: say so instead of a server error (spec §8).
        if (isTemporaryDbFailure(err)) throw new DomainError('LOGIN_RECOVERY');
        throw err;
      }
    },

    /** POST /frusrs/get_secret: a new secret to confirm with the first code; a confirmed one stays. */
    async getSecret(principal: MfaPrincipal, password: string, meta: Meta) {
      const user = await repo.findUserById(db, principal.userId);
      if (!user) throw new DomainError('UNAUTHENTICATED');
      const key = user.login.toLowerCase();
      await assertNotBlocked(key);
      if (!(await verifyPassword(user.passwordHash, password))) {
        return fail(key, user, meta, 'WRONG_PASSWORD');
      }
      if (user.mfaSecret) throw new DomainError('MFA_SECRET_EXISTS');
      const secret = newTotpSecret();
      await repo.updateUser(db, user.id, { mfaPendingSecret: box.seal(secret) });
      const otpauthUrl = totpFor(secret, user.login).toString();
      return { secret, otpauth_url: otpauthUrl, qr_code: await QRCode.toDataURL(otpauthUrl) };
    },

    /** GET /frusrs/tkn: a refusal is recorded against the session's user when the token names one. */
    async refresh(req: FastifyRequest, meta: Meta): Promise<string> {
      let principal: UserPrincipal | MfaPrincipal;
      try {
        principal = await sessions().resolve(req);
        if (principal.kind !== 'user') throw new DomainError('UNAUTHENTICATED');
        const maintenance = await deps.maintenance.state();
        if (maintenance.state === 'started' && !principal.isAdmin) {
          throw new DomainError('MAINTENANCE', {}, { extra: { maintenance } });
        }
        return (await sessions().refresh(principal.sessionId)).token;
      } catch (err) {
        if (err instanceof DomainError && err.code === 'UNAUTHENTICATED') await recordRefusal(req, meta);
        throw err;
      }
    },

    async logout(principal: UserPrincipal, meta: Meta) {
      await inTransaction(db, async (tx) => {
        await sessions().revoke(tx, principal.sessionId, 'logout');
        await history().record(tx, {
          userId: principal.userId,
          action: 'logout',
          result: 'success',
          impersonatorId: principal.impersonatorId,
          ...meta,
        });
      });
    },
  };

  /** Only a token whose `sub` names an existing user is recorded (a forged one is just refused). */
  async function recordRefusal(req: FastifyRequest, meta: Meta) {
    const token = req.headers.authorization?.replace(/^Bearer\s+/i, '');
    let sub: string | undefined;
    try {
      sub = token ? decodeJwt(token).sub : undefined;
    } catch {
      return;
    }
    if (!sub || !/^[0-9a-f-]{36}$/.test(sub)) return;
    if (!(await repo.findUserById(db, sub))) return;
    await history().record(db, {
      userId: sub,
      action: 'token_refresh',
      result: 'failure',
      error: 'UNAUTHENTICATED',
      ...meta,
    });
  }
}
export type LoginService = ReturnType<typeof createLoginService>;
