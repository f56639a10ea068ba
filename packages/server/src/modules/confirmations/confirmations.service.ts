import { createHash, randomBytes } from 'node:crypto';
import { type ApprovalConfirmation, fromMinor, isCurrencyCode } from '@portal/domain';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { refuseRecorded } from '../../http/idempotency.ts';
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
  | 'bulk_payout'
  | 'wallet_transfer';

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
 * `verify` checks the knowledge factor and the TOTP code against it and counts only a wrong answer
 * (five in a row block); `consume`, inside the transaction that executes, uses the challenge and
 * the code's time step exactly once (a right code already used is `SCA_CODE_USED`, never a block).
 */
export function createConfirmationService(deps: AppDeps) {
  const box = secretBox(deps.config.jwtSecret);
  const verifier = sessionVerifier(deps.config.jwtSecret);
  const { clock } = deps;

  function blocked(until: Date | null, now: Date): never {
    const minutes =
      until && until > now ? Math.ceil((until.getTime() - now.getTime()) / 60_000) : SCA_BLOCK_MINUTES;
    throw new DomainError('SCA_BLOCKED', { minutes });
  }

  /**
   * Judges a wrong answer: it is counted atomically (design §7, issue 34), so parallel wrong
   * answers are taken one at a time and the fifth starts the block; once a block runs none counts.
   */
  function wrongAnswer(db: Db, who: Who, meta: ScaMeta, reason: string): Promise<never> {
    // Recorded so that it counts even when an idempotent call rolls its work back on the refusal.
    return refuseRecorded(db, (on) => countWrongAnswer(on, who, meta, reason));
  }

  async function countWrongAnswer(db: Db, who: Who, meta: ScaMeta, reason: string): Promise<never> {
    const now = clock.now();
    const counted = await inTransaction(db, async (tx) => {
      const n = await repo.countWrongAnswer(tx, {
        userId: who.userId,
        max: SCA_MAX_FAILURES,
        blockUntil: new Date(now.getTime() + SCA_BLOCK_MINUTES * 60_000),
        now,
      });
      if (n?.blocked) {
        await appendAudit(tx, {
          actorType: 'user',
          actorId: who.userId,
          action: 'payment_confirmation_blocked',
          ip: meta.ip,
          userAgent: meta.userAgent,
          details: { reason, failures: n.failures, kind: who.kind },
        });
      }
      return n;
    });
    if (counted === null) {
      // A block started by answers judged just before this one.
      const a = await repo.attemptsOf(db, who.userId);
      return blocked(a?.blockedUntil ?? null, now);
    }
    if (counted.blocked) return blocked(null, now);
    throw new DomainError('SCA_WRONG_CREDENTIALS', { left: SCA_MAX_FAILURES - counted.failures });
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
      // verifier and a running block. Nothing is reserved before the check (issue 34): a right or
      // replayed code must never use up an attempt.
      const found = await repo.findChallenge(db, {
        id: c.proof.challengeId,
        userId: c.userId,
        merchantId: c.merchantId,
        kind: c.kind,
        content: canonical(c.subject),
        sessionId: c.meta.sessionId ?? null,
        now,
      });
      if (!found) throw new DomainError('CONFIRMATION_NOT_FOUND');
      if (!found.contentMatches) {
        // What was confirmed is not what is executed: the challenge is spent, a new one is needed.
        await repo.consumeChallenge(db, found.id, now, null);
        throw new DomainError('CONFIRMATION_MISMATCH');
      }
      if (!found.mfaSecret) throw new DomainError('MFA_NOT_SET_UP');
      // While blocked nothing is checked, so a guess inside the block learns nothing.
      if (found.blockedUntil) return blocked(found.blockedUntil, now);
      const passwordOk = await passwordMatches(
        { userId: c.userId, digest: c.proof.password, sessionId: c.meta.sessionId },
        found,
      );
      if (!passwordOk) return wrongAnswer(db, c, c.meta, 'wrong_password');
      const step = matchTotpStep(box.open(found.mfaSecret), c.proof.code, now);
      if (step === null) return wrongAnswer(db, c, c.meta, 'wrong_code');
      // A right answer counts nothing, but one judged after parallel wrong answers started a block
      // is refused: the block holds from the moment it started.
      const a = await repo.attemptsOf(db, c.userId);
      const later = clock.now();
      if (a?.blockedUntil && a.blockedUntil > later) return blocked(a.blockedUntil, later);
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
