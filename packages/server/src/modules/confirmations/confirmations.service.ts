import { createHash, randomBytes } from 'node:crypto';
import { type ApprovalConfirmation, fromMinor, isCurrencyCode } from '@portal/domain';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { matchTotpStep, secretBox, sessionVerifier, verifyPassword } from '../auth/credentials.ts';
import * as repo from './confirmations.repo.ts';

/** A confirmation lives long enough to open the authenticator app and type the code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const SCA_MAX_FAILURES = 5;
export const SCA_BLOCK_MINUTES = 30;

/** What a confirmation authorises; a challenge of one kind never executes another. */
export type ConfirmationKind =
  | 'payout'
  | 'payout_approval'
  | 'fx'
  | 'fx_approval'
  | 'onchain'
  | 'onchain_approval'
  | 'escrow'
  | 'va_request'
  | 'va_action'
  | 'bulk_payout';

/** Canonical JSON (sorted keys, bigints as text) so the same content always hashes the same. */
export function canonical(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

// `confirmations.repo.findChallengeAndClaim` computes the same hash in SQL when the answer comes.
const hashOf = (kind: string, subject: unknown, nonce: string) =>
  createHash('sha256')
    .update(`${nonce}\n${kind}\n${canonical(subject)}`)
    .digest('hex');

export interface ScaProof {
  challengeId: string;
  /** SHA-512 hex digest of the password, as the browser sends it (spec §7). */
  password: string;
  code: string;
}

export interface ScaMeta {
  ip: string;
  userAgent: string;
  /** The caller's session: its verifier is checked instead of a full argon2id run. */
  sessionId?: string;
}

/** One item an approver authorises: what the approval dialog shows, in minor units. */
export interface ApprovalLine {
  id: string;
  amount: bigint;
  currency: string;
  payee: string;
  account: string;
}

/**
 * The confirmed content of an approval: the items in a fixed order and the total per currency, so
 * a confirmation for one set never approves another (dynamic linking over the whole set).
 */
export function approvalSubject(lines: readonly ApprovalLine[]) {
  const items = [...lines].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const totals = new Map<string, bigint>();
  for (const l of items) totals.set(l.currency, (totals.get(l.currency) ?? 0n) + l.amount);
  return {
    items,
    totals: [...totals]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, amount]) => ({ currency, amount })),
  };
}

const decimal = (minor: bigint, currency: string) =>
  isCurrencyCode(currency) ? fromMinor(minor, currency) : minor.toString();

/** The challenge answer for an approval: what the dialog lists before the code is typed. */
function approvalView(
  challenge: { id: string; expiresAt: Date },
  subject: ReturnType<typeof approvalSubject>,
): ApprovalConfirmation {
  return {
    challenge_id: challenge.id,
    expires_at: challenge.expiresAt.toISOString(),
    items: subject.items.map((l) => ({ ...l, amount: decimal(l.amount, l.currency) })),
    totals: subject.totals.map((t) => ({ currency: t.currency, amount: decimal(t.amount, t.currency) })),
  };
}

interface Who {
  userId: string;
  merchantId: string;
  kind: ConfirmationKind;
  /** Exactly what the user is shown and confirms (amounts, currencies, payee, account ...). */
  subject: unknown;
}

/**
 * Strong customer authentication for everything that moves money and for approvals (design §7),
 * one service for every area. `challenge` stores the hash of the content with a nonce and expiry;
 * `verify` checks the knowledge factor and the TOTP code against it, after claiming one of the
 * five attempts atomically; `consume`, inside the transaction that executes, uses the challenge
 * and the code's time step exactly once.
 */
export function createConfirmationService(deps: AppDeps) {
  const box = secretBox(deps.config.jwtSecret);
  const verifier = sessionVerifier(deps.config.jwtSecret);
  const { clock } = deps;

  async function blockedFor(db: Db, userId: string, now: Date): Promise<never> {
    const a = await repo.attemptsOf(db, userId);
    const until = a?.blockedUntil && a.blockedUntil > now ? a.blockedUntil : null;
    const minutes = until ? Math.ceil((until.getTime() - now.getTime()) / 60_000) : SCA_BLOCK_MINUTES;
    throw new DomainError('SCA_BLOCKED', { minutes });
  }

  async function wrongAnswer(
    db: Db,
    who: Who,
    attempt: number,
    meta: ScaMeta,
    reason: string,
  ): Promise<never> {
    const now = clock.now();
    if (attempt < SCA_MAX_FAILURES) {
      throw new DomainError('SCA_WRONG_CREDENTIALS', { left: SCA_MAX_FAILURES - attempt });
    }
    await inTransaction(db, async (tx) => {
      await repo.block(tx, who.userId, new Date(now.getTime() + SCA_BLOCK_MINUTES * 60_000), now);
      await appendAudit(tx, {
        actorType: 'user',
        actorId: who.userId,
        action: 'payment_confirmation_blocked',
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { reason, failures: attempt, kind: who.kind },
      });
    });
    throw new DomainError('SCA_BLOCKED', { minutes: SCA_BLOCK_MINUTES });
  }

  /**
   * The knowledge factor: the caller's session verifier (read with the challenge) when it holds
   * one; without a session id, any open session's; argon2id when none matched.
   */
  async function passwordMatches(
    c: { userId: string; digest: string; sessionId?: string },
    found: Pick<repo.OpenChallenge, 'passwordHash' | 'sessionVerifier'>,
  ) {
    if (
      found.sessionVerifier &&
      c.sessionId &&
      verifier.matches(found.sessionVerifier, c.sessionId, c.digest)
    )
      return true;
    if (!c.sessionId) {
      const bySession = await service(deps, 'sessions').matchesSessionVerifier(c.userId, c.digest);
      if (bySession === true) return true;
    }
    // No verifier (impersonation, older session) or none matched: the stored hash decides.
    return verifyPassword(found.passwordHash, c.digest);
  }

  const api = {
    async challenge(db: Db, c: Who) {
      const now = clock.now();
      const nonce = randomBytes(16).toString('hex');
      const row = await repo.insertChallenge(db, {
        userId: c.userId,
        merchantId: c.merchantId,
        kind: c.kind,
        nonce,
        hash: hashOf(c.kind, c.subject, nonce),
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
        createdAt: now,
      });
      return { id: row.id, expiresAt: row.expiresAt };
    },

    /** Checks everything; returns the TOTP step that `consume` uses up in the executing transaction. */
    async verify(db: Db, c: Who & { proof: ScaProof; meta: ScaMeta }): Promise<{ step: number }> {
      const now = clock.now();
      // One statement: the challenge, whether its content matches, the credentials, the session's
      // verifier and — when the content matches and MFA is set up — the claimed attempt.
      const found = await repo.findChallengeAndClaim(db, {
        id: c.proof.challengeId,
        userId: c.userId,
        merchantId: c.merchantId,
        kind: c.kind,
        content: canonical(c.subject),
        sessionId: c.meta.sessionId ?? null,
        max: SCA_MAX_FAILURES,
        now,
      });
      if (!found) throw new DomainError('CONFIRMATION_NOT_FOUND');
      if (!found.contentMatches) {
        // What was confirmed is not what is executed: the challenge is spent, a new one is needed.
        await repo.consumeChallenge(db, found.id, now, null);
        throw new DomainError('CONFIRMATION_MISMATCH');
      }
      if (!found.mfaSecret) throw new DomainError('MFA_NOT_SET_UP');
      const attempt = found.attempt;
      if (attempt === null) return blockedFor(db, c.userId, now);
      const passwordOk = await passwordMatches(
        { userId: c.userId, digest: c.proof.password, sessionId: c.meta.sessionId },
        found,
      );
      if (!passwordOk) return wrongAnswer(db, c, attempt, c.meta, 'wrong_password');
      const step = matchTotpStep(box.open(found.mfaSecret), c.proof.code, now);
      if (step === null) return wrongAnswer(db, c, attempt, c.meta, 'wrong_code');
      // Right answer: give the claim back, unless parallel wrong answers blocked meanwhile.
      const blockedUntil = await repo.releaseAttempt(db, c.userId, clock.now());
      if (blockedUntil && blockedUntil > clock.now()) return blockedFor(db, c.userId, clock.now());
      return { step };
    },

    /** Inside the executing transaction: the challenge and the code are used exactly once. */
    async consume(tx: Tx, c: { userId: string; challengeId: string; step: number; subjectRef: string }) {
      const used = await repo.consumeConfirmation(tx, { ...c, now: clock.now() });
      if (!used.challenge) throw new DomainError('CONFIRMATION_NOT_FOUND');
      if (!used.step) throw new DomainError('SCA_CODE_USED');
    },

    /** An approval challenge over the given items (one or a set); see `approvalSubject`. */
    async approvalChallenge(
      db: Db,
      c: Omit<Who, 'subject'> & { lines: readonly ApprovalLine[] },
    ): Promise<ApprovalConfirmation> {
      const subject = approvalSubject(c.lines);
      const challenge = await api.challenge(db, { ...c, subject });
      return approvalView(challenge, subject);
    },

    /** Verifies an approval against the items as they are now; `consume` then runs per execution. */
    verifyApproval(
      db: Db,
      c: Omit<Who, 'subject'> & { lines: readonly ApprovalLine[]; proof: ScaProof; meta: ScaMeta },
    ): Promise<{ step: number }> {
      return api.verify(db, { ...c, subject: approvalSubject(c.lines) });
    },
  };
  return api;
}
export type ConfirmationService = ReturnType<typeof createConfirmationService>;
