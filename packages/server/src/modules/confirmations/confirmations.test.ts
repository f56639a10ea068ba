import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { auditLog, payments, sessions } from '../../db/schema/index.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { loginWithTotp, makeLoginUser, TEST_PASSWORD } from '../../test/identity-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sessionVerifier, totpFor } from '../auth/credentials.ts';
import {
  makePayer,
  makeWallet,
  PASSWORD,
  sepaDetails,
  WRONG_PASSWORD,
} from '../payments/payments.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-02T10:00:00Z');
});
afterAll(() => t.close());

const sha512 = (s: string) => createHash('sha512').update(s).digest('hex');

async function challengeFor(token: string, walletUuid: string, amount = '10.00') {
  const r = await t.call({
    method: 'POST',
    url: `/api/payments/pay_out_challenge/${walletUuid}/SEPA`,
    token,
    payload: { payment_details: sepaDetails(amount) },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().confirmation.challenge_id as string;
}

const confirm = (token: string, walletUuid: string, challengeId: string, password: string, code: string) =>
  t.call({
    method: 'POST',
    url: `/api/payments/create_pay_out/${walletUuid}/SEPA`,
    token,
    payload: {
      payment_details: sepaDetails('10.00'),
      challenge_id: challengeId,
      password,
      secret_code: code,
    },
  });

describe('per-session verifier', () => {
  it('binds the password digest to one session: another session or digest does not match', () => {
    const v = sessionVerifier('a-server-secret-of-at-least-32-characters');
    const stored = v.of('session-1', 'digest-a');
    expect(v.matches(stored, 'session-1', 'digest-a')).toBe(true);
    expect(v.matches(stored, 'session-2', 'digest-a')).toBe(false);
    expect(v.matches(stored, 'session-1', 'digest-b')).toBe(false);
    expect(
      sessionVerifier('another-server-secret-of-32-characters!').matches(stored, 'session-1', 'digest-a'),
    ).toBe(false);
  });

  it('a full login stores a verifier on its session; confirmations pass with the right password and fail with a wrong one', async () => {
    const company = await makeCompany(t);
    const wallet = await makeWallet(t, company.id, 'EUR', '100.00');
    const u = await makeLoginUser(t, { merchantId: company.id, rights: ['create'] });
    const token = await loginWithTotp(t, u.login, u.secret);
    const held = await t.deps.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, u.user.id), isNotNull(sessions.confirmationVerifier)));
    expect(held).toHaveLength(1);
    const s = held[0];
    expect(s?.confirmationVerifier).toMatch(/^[0-9a-f]{64}$/);
    // The verifier is not the digest and not derivable from it without the server key.
    expect(s?.confirmationVerifier).not.toContain(sha512(TEST_PASSWORD).slice(0, 16));

    const codeNow = () => {
      t.clock.advance(30_000);
      return totpOf(u.secret);
    };
    const wrong = await confirm(
      token,
      wallet.uuid,
      await challengeFor(token, wallet.uuid),
      WRONG_PASSWORD,
      codeNow(),
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('SCA_WRONG_CREDENTIALS');
    const right = await confirm(
      token,
      wallet.uuid,
      await challengeFor(token, wallet.uuid),
      sha512(TEST_PASSWORD),
      codeNow(),
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().payment.status).toBe('created');
  });
});

const totpOf = (secret: string): string =>
  totpFor(secret, 'test').generate({ timestamp: t.clock.now().getTime() });

describe('attempt counter under parallel answers', () => {
  it('50 wrong answers at once: at most five are checked, one block starts, a right answer afterwards is refused and nothing is created', async () => {
    const company = await makeCompany(t);
    const wallet = await makeWallet(t, company.id, 'EUR', '100.00');
    const payer = await makePayer(t, { merchantId: company.id, rights: ['create'] });
    const challengeId = await challengeFor(payer.token, wallet.uuid);
    const wrongCode = (c: string) => String((Number(c) + 1) % 1_000_000).padStart(6, '0');
    const code = payer.nextCode();

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        confirm(payer.token, wallet.uuid, challengeId, PASSWORD, wrongCode(code)),
      ),
    );
    const codes = answers.map((a) => a.json().code as string);
    // Exactly four answers were checked and told how many attempts are left; the fifth checked one
    // started the block; every other answer was refused without being checked.
    expect(codes.filter((c) => c === 'SCA_WRONG_CREDENTIALS')).toHaveLength(4);
    expect(codes.filter((c) => c === 'SCA_BLOCKED')).toHaveLength(46);
    const blocks = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, payer.user.id), eq(auditLog.action, 'payment_confirmation_blocked')));
    expect(blocks).toHaveLength(1);

    const right = await confirm(payer.token, wallet.uuid, challengeId, PASSWORD, code);
    expect(right.json().code).toBe('SCA_BLOCKED');
    expect(await t.deps.db.select().from(payments).where(eq(payments.merchantId, company.id))).toHaveLength(
      0,
    );

    // After the block window a right answer goes through again (in a new session: the old expired).
    t.clock.advance(31 * 60_000);
    const { token } = await service(t.deps, 'sessions').issue(t.deps.db, payer.user.id, 'session');
    const after = await confirm(
      token,
      wallet.uuid,
      await challengeFor(token, wallet.uuid),
      PASSWORD,
      payer.nextCode(),
    );
    expect(after.statusCode, after.body).toBe(200);
  });
});

describe('content binding', () => {
  it('the hash checked in SQL is the one stored: non-ASCII content confirms, one changed character does not and spends the challenge', async () => {
    const company = await makeCompany(t);
    const u = await makeLoginUser(t, { merchantId: company.id, rights: ['create'] });
    const sca = service(t.deps, 'confirmations');
    const who = { kind: 'payout' as const, userId: u.user.id, merchantId: company.id };
    const subject = { payee: 'Müller & Söhne — ООО «Ромашка» ✓ 𝄞', amount: 123_456n, note: 'a\nb "c" \\ d' };
    const meta = { ip: '127.0.0.1', userAgent: 'test' };
    const answer = async (challengeId: string, content: unknown) => {
      t.clock.advance(30_000);
      return sca.verify(t.deps.db, {
        ...who,
        subject: content,
        proof: { challengeId, password: sha512(TEST_PASSWORD), code: totpOf(u.secret) },
        meta,
      });
    };

    const first = await sca.challenge(t.deps.db, { ...who, subject });
    await expect(answer(first.id, { ...subject })).resolves.toMatchObject({ step: expect.any(Number) });

    const second = await sca.challenge(t.deps.db, { ...who, subject });
    const changed = { ...subject, payee: subject.payee.replace('ü', 'u') };
    await expect(answer(second.id, changed)).rejects.toMatchObject({ code: 'CONFIRMATION_MISMATCH' });
    // Spent: the right content no longer finds it.
    await expect(answer(second.id, subject)).rejects.toMatchObject({ code: 'CONFIRMATION_NOT_FOUND' });
  });
});
