import { createHash } from 'node:crypto';
import type { ClientUserRight, PlatformLabel } from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { makeUser } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';
import { hashPassword, newTotpSecret, secretBox, totpFor } from '../auth/credentials.ts';

export const PASSWORD = createHash('sha512').update('Correct-Horse-9!').digest('hex');
export const WRONG_PASSWORD = createHash('sha512').update('wrong').digest('hex');

/** A company user who can confirm payments: password digest, MFA secret and a code generator. */
export async function makePayer(
  t: TestApp,
  opts: { merchantId: string; rights: ClientUserRight[]; isMaster?: boolean; autoApprove?: boolean },
) {
  const secret = newTotpSecret();
  const made = await makeUser(t, {
    merchantId: opts.merchantId,
    rights: opts.rights,
    isMaster: opts.isMaster ?? false,
    user: {
      passwordHash: await hashPassword(PASSWORD),
      mfaSecret: secretBox(t.deps.config.jwtSecret).seal(secret),
      autoApprovePayouts: opts.autoApprove ?? false,
    },
  });
  const totp = totpFor(secret, 'test');
  const stepNow = () => Math.floor(t.clock.now().getTime() / 30_000);
  let lastStep = -1;
  return {
    ...made,
    /** The code of the current 30-second step. */
    code: () => totp.generate({ timestamp: t.clock.now().getTime() }),
    /** Moves the clock to the next step first: a step is usable once. */
    nextCode: () => {
      t.clock.advance(30_000);
      lastStep = stepNow();
      return totp.generate({ timestamp: t.clock.now().getTime() });
    },
    /** A code this payer has not used yet: moves the clock only when the current step is spent. */
    freshCode: () => {
      if (stepNow() <= lastStep) t.clock.advance(30_000);
      lastStep = stepNow();
      return totp.generate({ timestamp: t.clock.now().getTime() });
    },
  };
}

/** A wallet of the company with `funds` paid in (decimal string), through the real ledger. */
export async function makeWallet(
  t: TestApp,
  merchantId: string,
  currency: string,
  funds = '0',
  platform: PlatformLabel = 'UK',
) {
  const wallets = service(t.deps, 'wallets');
  return inTransaction(t.deps.db, async (tx) => {
    const w = await wallets.openWallet(tx, { merchantId, currency, platform });
    if (funds !== '0') {
      const [whole = '0', frac = ''] = funds.split('.');
      const amount = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
      await wallets.recordPayIn(tx, { walletId: w.id, currency, amount, reference: `fund:${w.uuid}` });
    }
    return w;
  });
}

export async function availableOf(t: TestApp, walletId: number, currency: string): Promise<bigint> {
  const rows = await service(t.deps, 'ledger').balances(t.deps.db, walletId);
  return rows.find((r) => r.currency === currency)?.available ?? 0n;
}

export const sepaDetails = (amount = '100.00', overrides: Record<string, string> = {}) => ({
  currency: 'EUR',
  amount,
  requisites: { payee: 'Bäckerei Müller GmbH', iban: 'DE89 3704 0044 0532 0130 00', ...overrides },
  comments: 'Invoice 42',
});

type Payer = Awaited<ReturnType<typeof makePayer>>;

/** Challenge then create, as the browser does; returns the create response. */
export async function payout(
  t: TestApp,
  payer: Payer,
  walletId: string | number,
  details: ReturnType<typeof sepaDetails> | Record<string, unknown>,
  opts: { method?: string; headers?: Record<string, string>; code?: string } = {},
) {
  const method = opts.method ?? 'SEPA';
  const challenge = await t.call({
    method: 'POST',
    url: `/api/payments/pay_out_challenge/${walletId}/${method}`,
    token: payer.token,
    payload: { payment_details: details },
  });
  if (challenge.statusCode !== 200) return challenge;
  const { challenge_id } = challenge.json().confirmation;
  return t.call({
    method: 'POST',
    url: `/api/payments/create_pay_out/${walletId}/${method}`,
    token: payer.token,
    headers: opts.headers ?? {},
    payload: {
      payment_details: details,
      challenge_id,
      password: PASSWORD,
      secret_code: opts.code ?? payer.nextCode(),
    },
  });
}

/** The approval challenge for `ids`, as the approval dialog asks for it. */
export function approvalChallenge(t: TestApp, approver: { token: string }, ids: string[]) {
  return t.call({
    method: 'POST',
    url: '/api/payments/approve_challenge',
    token: approver.token,
    payload: { ids },
  });
}

/** Approves one pay-out as the browser does: challenge, then approve with password and code. */
export async function approve(
  t: TestApp,
  approver: Payer,
  id: string,
  opts: { headers?: Record<string, string>; code?: string; password?: string } = {},
) {
  const challenge = await approvalChallenge(t, approver, [id]);
  if (challenge.statusCode !== 200) return challenge;
  return t.call({
    method: 'POST',
    url: `/api/payments/approve/${id}`,
    token: approver.token,
    headers: opts.headers ?? {},
    payload: {
      challenge_id: challenge.json().confirmation.challenge_id,
      password: opts.password ?? PASSWORD,
      secret_code: opts.code ?? approver.freshCode(),
    },
  });
}

/** Mass approval of `ids` with one confirmation bound to the set. */
export async function massApprove(t: TestApp, approver: Payer, ids: string[]) {
  const challenge = await approvalChallenge(t, approver, ids);
  if (challenge.statusCode !== 200) return challenge;
  return t.call({
    method: 'POST',
    url: '/api/payments/mass_action',
    token: approver.token,
    payload: {
      action: 'approve',
      ids,
      challenge_id: challenge.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: approver.freshCode(),
    },
  });
}
