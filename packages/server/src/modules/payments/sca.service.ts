import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { matchTotpStep, secretBox, verifyPassword } from '../auth/credentials.ts';
import * as repo from './sca.repo.ts';

/** A confirmation lives long enough to open the authenticator app and type the code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const SCA_MAX_FAILURES = 5;
export const SCA_BLOCK_MINUTES = 30;

/** Canonical JSON (sorted keys, bigints as text) so the same content always hashes the same. */
export function canonical(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const hashOf = (subject: unknown, nonce: string) =>
  createHash('sha256')
    .update(`${nonce}\n${canonical(subject)}`)
    .digest('hex');

export interface ScaProof {
  challengeId: string;
  password: string;
  code: string;
}

export interface ScaMeta {
  ip: string;
  userAgent: string;
}

/**
 * Strong customer authentication of money movements (design §7). `challenge` stores the hash of
 * what the user is shown (amount, currency, payee, method, wallet) with a nonce and expiry;
 * `verify` checks password digest and TOTP code against the challenge, and `consume` (inside the
 * transaction that executes) uses the challenge and the code's time step once.
 */
export function createScaService(deps: AppDeps) {
  const box = secretBox(deps.config.jwtSecret);
  const { clock } = deps;

  async function failure(db: Db, userId: string, meta: ScaMeta, reason: string): Promise<never> {
    const now = clock.now();
    const left = await inTransaction(db, async (tx) => {
      const failures = await repo.addFailure(tx, userId, now);
      if (failures < SCA_MAX_FAILURES) return SCA_MAX_FAILURES - failures;
      await repo.block(tx, userId, new Date(now.getTime() + SCA_BLOCK_MINUTES * 60_000));
      await appendAudit(tx, {
        actorType: 'user',
        actorId: userId,
        action: 'payment_confirmation_blocked',
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { reason, failures },
      });
      return 0;
    });
    if (left === 0) throw new DomainError('SCA_BLOCKED', { minutes: SCA_BLOCK_MINUTES });
    throw new DomainError('SCA_WRONG_CREDENTIALS', { left });
  }

  return {
    async challenge(db: Db, c: { userId: string; merchantId: string; subject: unknown }) {
      const now = clock.now();
      const nonce = randomBytes(16).toString('hex');
      const row = await repo.insertChallenge(db, {
        userId: c.userId,
        merchantId: c.merchantId,
        nonce,
        hash: hashOf(c.subject, nonce),
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
        createdAt: now,
      });
      return { id: row.id, expiresAt: row.expiresAt };
    },

    /** Checks everything without writing on success; returns the TOTP step to consume. */
    async verify(
      db: Db,
      c: { userId: string; merchantId: string; subject: unknown; proof: ScaProof; meta: ScaMeta },
    ): Promise<{ step: number }> {
      const now = clock.now();
      const attempts = await repo.attemptsOf(db, c.userId);
      if (attempts?.blockedUntil && attempts.blockedUntil > now) {
        const minutes = Math.ceil((attempts.blockedUntil.getTime() - now.getTime()) / 60_000);
        throw new DomainError('SCA_BLOCKED', { minutes });
      }
      const challenge = await repo.findOpenChallenge(db, c.proof.challengeId, c.userId, c.merchantId, now);
      if (!challenge) throw new DomainError('CONFIRMATION_NOT_FOUND');
      if (hashOf(c.subject, challenge.nonce) !== challenge.hash) {
        // What was confirmed is not what is executed: the challenge is spent, a new one is needed.
        await repo.consumeChallenge(db, challenge.id, now, null);
        throw new DomainError('CONFIRMATION_MISMATCH');
      }
      const creds = await repo.credentialsOf(db, c.userId);
      if (!creds?.mfaSecret) throw new DomainError('MFA_NOT_SET_UP');
      if (!(await verifyPassword(creds.passwordHash, c.proof.password))) {
        return failure(db, c.userId, c.meta, 'wrong_password');
      }
      const step = matchTotpStep(box.open(creds.mfaSecret), c.proof.code, now);
      if (step === null) return failure(db, c.userId, c.meta, 'wrong_code');
      return { step };
    },

    /** Inside the executing transaction: the challenge and the code are used exactly once. */
    async consume(tx: Tx, c: { userId: string; challengeId: string; step: number; paymentId: string }) {
      const now = clock.now();
      if (!(await repo.consumeChallenge(tx, c.challengeId, now, c.paymentId))) {
        throw new DomainError('CONFIRMATION_NOT_FOUND');
      }
      if (!(await repo.consumeTotpStep(tx, c.userId, c.step))) throw new DomainError('SCA_CODE_USED');
      await repo.resetFailures(tx, c.userId, now);
    },
  };
}
export type ScaService = ReturnType<typeof createScaService>;
