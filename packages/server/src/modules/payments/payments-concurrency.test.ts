import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerHolds, payments } from '../../db/schema/index.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  approve,
  availableOf,
  makePayer,
  makeWallet,
  PASSWORD,
  payout,
  sepaDetails,
} from './payments.fixtures.ts';

// PGlite runs one query at a time, so races only show on a real server: these run on PostgreSQL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL?.startsWith('postgres'));

describe.skipIf(!onPostgres)('concurrency on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let companyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-03-02T10:00:00Z');
    companyId = (await makeCompany(t)).id;
  });
  afterAll(() => t?.close());

  it('two approvers approving the same payment at once approve it once', async () => {
    const w = await makeWallet(t, companyId, 'EUR', '100.00');
    const maker = await makePayer(t, { merchantId: companyId, rights: ['create'] });
    const id = (await payout(t, maker, w.uuid, sepaDetails('60.00'))).json().payment.id;
    const a = await makePayer(t, { merchantId: companyId, rights: ['approve'] });
    const b = await makePayer(t, { merchantId: companyId, rights: ['approve'] });
    const answers = await Promise.all([a, b].map((u) => approve(t, u, id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 417]);
    expect(
      await t.deps.db
        .select()
        .from(ledgerHolds)
        .where(eq(ledgerHolds.reference, `payment:${id}`)),
    ).toHaveLength(1);
    expect(await availableOf(t, w.id, 'EUR')).toBe(4_000n);
  });

  it('30 concurrent approvals of full-balance pay-outs leave exactly the affordable ones approved', async () => {
    const w = await makeWallet(t, companyId, 'EUR', '300.00');
    let maker = await makePayer(t, { merchantId: companyId, rights: ['create'] });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      // A new maker every ten payments: each confirmation takes a fresh 30-second code step,
      // and thirty of them would outlive one 830-second session.
      if (i % 10 === 0) maker = await makePayer(t, { merchantId: companyId, rights: ['create'] });
      const r = await payout(t, maker, w.uuid, sepaDetails('100.00'));
      expect(r.statusCode, r.body).toBe(200);
      ids.push(r.json().payment.id);
    }
    // Thirty approvers, each with a confirmation of their own: a code step is usable once per user.
    const approvers: Awaited<ReturnType<typeof makePayer>>[] = [];
    for (let i = 0; i < 30; i++)
      approvers.push(await makePayer(t, { merchantId: companyId, rights: ['approve'] }));
    const answers = await Promise.all(
      ids.map((id, i) => approve(t, approvers[i] as (typeof approvers)[0], id)),
    );
    const codes = answers.map((r) => (r.statusCode === 200 ? 'approved' : r.json().code));
    expect(codes.filter((c) => c === 'approved')).toHaveLength(3);
    expect(codes.filter((c) => c === 'INSUFFICIENT_BALANCE_NOT_APPROVED')).toHaveLength(27);
    const rows = await t.deps.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.walletId, w.id));
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'created')).toHaveLength(27);
    expect(await availableOf(t, w.id, 'EUR')).toBe(0n);
  });

  it('50 identical create requests with one Idempotency-Key create one payment', async () => {
    const w = await makeWallet(t, companyId, 'EUR', '100.00');
    const maker = await makePayer(t, { merchantId: companyId, rights: ['create'] });
    const details = sepaDetails('1.00');
    const challenge = await t.call({
      method: 'POST',
      url: `/api/payments/pay_out_challenge/${w.uuid}/SEPA`,
      token: maker.token,
      payload: { payment_details: details },
    });
    const payload = {
      payment_details: details,
      challenge_id: challenge.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: maker.nextCode(),
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call({
          method: 'POST',
          url: `/api/payments/create_pay_out/${w.uuid}/SEPA`,
          token: maker.token,
          headers: { 'idempotency-key': 'pay-rent-2026-03' },
          payload,
        }),
      ),
    );
    const created = await t.deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.walletId, w.id));
    expect(created).toHaveLength(1);
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.json().payment.id))).toEqual(new Set([created[0]?.id]));
    // Any answer that is not the payment says the first request is still running; none created another.
    expect(
      answers.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'IDEMPOTENCY_IN_PROGRESS'),
    ).toBe(true);
  });
});
