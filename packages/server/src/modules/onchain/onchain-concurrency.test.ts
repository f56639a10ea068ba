import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, ledgerHolds } from '../../db/schema/index.ts';
import { service } from '../../deps.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  approveTransfer,
  available,
  makePayer,
  onchainCompany,
  PASSWORD,
  type Payer,
  sendTransfer,
  transfersOf,
  usdtInput,
} from './onchain.fixtures.ts';

/** Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL with a real connection pool. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    process.env.TEST_DATABASE_URL ? { databaseUrl: process.env.TEST_DATABASE_URL } : {},
  );
  t.clock.set('2026-03-03T09:00:00Z');
});
afterAll(() => t.close());

describe('concurrent on-chain transfers', () => {
  it('transfers emptying one crypto wallet never take it below zero', async () => {
    const { user, usdtWalletId, company } = await onchainCompany(t, { usdt: 500_000_000n });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await sendTransfer(t, user, usdtInput(usdtWalletId));
      expect(r.statusCode, r.body).toBe(200);
      ids.push(r.json().transfer.id);
    }
    // One approver per transfer: each approval is confirmed with its own code (a code step is
    // usable once per user), so the race is between the approvals, not between their codes.
    const approvers: Payer[] = [];
    for (const _ of ids) approvers.push(await makePayer(t, { merchantId: company.id, rights: ['approve'] }));
    const answers = await Promise.all(ids.map((id, i) => approveTransfer(t, approvers[i] as Payer, id)));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok).toHaveLength(4); // 4 × 103 USDT ≤ 500 < 5 × 103
    for (const r of refused) expect(r.json().code).toBe('ONCHAIN_CREATED_NOT_APPROVED');
    expect(await available(t, usdtWalletId, 'USDT')).toBe(500_000_000n - 4n * 103_000_000n);
    t.clock.advance(15_000);
    await service(t.deps, 'onchain').runDue();
    const rows = await transfersOf(t, company.id);
    expect(rows.filter((r) => r.status === 'settled')).toHaveLength(4);
    const b = (await service(t.deps, 'ledger').balances(t.deps.db, Number(usdtWalletId))).find(
      (x) => x.currency === 'USDT',
    );
    expect(b?.balance).toBe(88_000_000n);
    expect(b && b.balance >= 0n).toBe(true);
  });

  it('a transfer approved twice at once holds once; settled twice at once moves coins once', async () => {
    const { user, usdtWalletId, company } = await onchainCompany(t, { usdt: 500_000_000n });
    const id = (await sendTransfer(t, user, usdtInput(usdtWalletId))).json().transfer.id as string;
    const other = await makePayer(t, { merchantId: company.id, rights: ['approve'] });
    const twice = await Promise.all([user, other].map((approver) => approveTransfer(t, approver, id)));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 417]);
    const holds = await t.deps.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.reference, `onchain:${id}`));
    expect(holds).toHaveLength(1);
    t.clock.advance(15_000);
    await Promise.all([
      service(t.deps, 'onchain').settle(id),
      service(t.deps, 'onchain').settle(id),
      service(t.deps, 'onchain').runDue(),
    ]);
    const entries = await t.deps.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'payout'), like(journalEntries.reference, `onchain:${id}`)));
    expect(entries).toHaveLength(1);
    expect(await available(t, usdtWalletId, 'USDT')).toBe(397_000_000n);
  });

  it('an approval retried with the same Idempotency-Key answers the same and holds once', async () => {
    const { user, usdtWalletId } = await onchainCompany(t, { usdt: 500_000_000n });
    const id = (await sendTransfer(t, user, usdtInput(usdtWalletId))).json().transfer.id as string;
    const headers = { 'idempotency-key': `approve-${id}` };
    const challenge = await t.call({
      method: 'POST',
      url: `/api/onchain/transfers/${id}/approve_challenge`,
      token: user.token,
    });
    // The retry repeats the same request, confirmation included, as a client after a timeout does.
    const payload = {
      challenge_id: challenge.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: user.freshCode(),
    };
    const send = () =>
      t.call({
        method: 'POST',
        url: `/api/onchain/transfers/${id}/approve`,
        token: user.token,
        headers,
        payload,
      });
    const first = await send();
    const retry = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().transfer.id).toBe(id);
    expect(await available(t, usdtWalletId, 'USDT')).toBe(397_000_000n);
  });

  it('one confirmation sent twice at once creates one transfer', async () => {
    const { user, usdtWalletId, company } = await onchainCompany(t, { usdt: 500_000_000n });
    const input = usdtInput(usdtWalletId);
    const ch = (
      await t.call({
        method: 'POST',
        url: '/api/onchain/transfers/challenge',
        token: user.token,
        payload: input,
      })
    ).json();
    const code = user.nextCode();
    const body = {
      ...input,
      challenge_id: ch.confirmation.challenge_id,
      password: PASSWORD,
      secret_code: code,
    };
    const both = await Promise.all(
      [0, 1].map(() =>
        t.call({ method: 'POST', url: '/api/onchain/transfers', token: user.token, payload: body }),
      ),
    );
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await transfersOf(t, company.id)).toHaveLength(1);
  });
});
