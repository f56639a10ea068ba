import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { available, onchainCompany, PASSWORD, postbacksOf, RECEIVER } from './onchain.fixtures.ts';

let t: TestApp;
let ctx: Awaited<ReturnType<typeof onchainCompany>>;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-03T10:00:00Z');
  ctx = await onchainCompany(t);
});
afterAll(() => t.close());

const deal = (over: Record<string, unknown> = {}) => ({
  ticker: 'USDT',
  network: 'ethereum',
  currency: 'USD',
  expected_amount: '1500.50',
  receiver_wallet: RECEIVER,
  ttl_hours: 6,
  ...over,
});
const create = (payload: Record<string, unknown>, token = ctx.user.token) =>
  t.call({ method: 'POST', url: '/api/onchain/escrow/deals', token, payload });
/** The counterparty's deposit: a simulator control of the admin group, naming the deal's company. */
const deposit = async (address: string, amount: string, ticker = 'USDT', network = 'ethereum') => {
  const admin = await makeUser(t, { group: 'admin' });
  const r = await t.call({
    method: 'POST',
    url: '/api/onchain/sim/deposit',
    token: admin.token,
    payload: { merchant_id: ctx.company.id, network, ticker, address, amount },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().trx_id as string;
};
const match = (id: string, trx_id: string, accept = false) =>
  t.call({
    method: 'POST',
    url: `/api/onchain/escrow/deals/${id}/trx`,
    token: ctx.user.token,
    payload: { trx_id, accept_warnings: accept },
  });
const fakePrincipal = () =>
  ({
    kind: 'user',
    userId: ctx.user.user.id,
    merchantId: ctx.company.id,
    rights: new Set<string>(),
  }) as never;
const count = async () =>
  (
    await t.call({
      method: 'POST',
      url: '/api/onchain/escrow/deals/list/1/100',
      token: ctx.user.token,
      payload: {},
    })
  ).json().total as number;

describe('escrow blockchain deals', () => {
  it('created with its expiry; deposit matched by Trx ID; confirmed with strong authentication', async () => {
    const r = await create(deal());
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().deal;
    expect(d).toMatchObject({
      status: 'awaiting',
      expected_amount: '1500.500000',
      ttl_hours: 6,
      expires_at: '2026-03-03T16:00:00.000Z',
      settled_amount: null,
    });
    expect(d.deposit_address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const trx = await deposit(d.deposit_address, '1500.5');
    const early = await match(d.id, trx);
    expect(early.statusCode).toBe(417);
    expect(early.json().code).toBe('ESCROW_DEPOSIT_UNCONFIRMED');
    t.clock.advance(13_000);
    const m = await match(d.id, trx);
    expect(m.statusCode, m.body).toBe(200);
    expect(m.json().deal).toMatchObject({
      status: 'funded',
      settled_amount: '1500.500000',
      difference: '0.000000',
      trx_id: trx,
    });

    const ch = await t.call({
      method: 'POST',
      url: `/api/onchain/escrow/deals/${d.id}/confirm/challenge`,
      token: ctx.user.token,
    });
    expect(ch.statusCode, ch.body).toBe(200);
    expect(ch.json().confirmation.summary).toMatchObject({
      settled_amount: '1500.500000',
      receiver_wallet: RECEIVER,
    });
    const code = ctx.user.nextCode();
    const ok = await t.call({
      method: 'POST',
      url: `/api/onchain/escrow/deals/${d.id}/confirm`,
      token: ctx.user.token,
      payload: { challenge_id: ch.json().confirmation.challenge_id, password: PASSWORD, secret_code: code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().deal.status).toBe('confirmed');
    expect(ok.json().deal.release_tx_hash).toMatch(/^0x/);
    expect(await postbacksOf(t, d.id)).toEqual(['created', 'funded', 'confirmed']);

    // confirming again moves nothing
    const again = await t.call({
      method: 'POST',
      url: `/api/onchain/escrow/deals/${d.id}/confirm/challenge`,
      token: ctx.user.token,
    });
    expect(again.statusCode).toBe(417);
  });

  it('released to an own deposit address credits the crypto wallet on the ledger', async () => {
    const d = (await create(deal({ receiver_wallet: ctx.usdtAddress, expected_amount: '10' }))).json().deal;
    t.clock.advance(1_000);
    const trx = await deposit(d.deposit_address, '10');
    t.clock.advance(13_000);
    expect((await match(d.id, trx)).json().deal.status).toBe('funded');
    const before = await available(t, ctx.usdtWalletId, 'USDT');
    const ch = (
      await t.call({
        method: 'POST',
        url: `/api/onchain/escrow/deals/${d.id}/confirm/challenge`,
        token: ctx.user.token,
      })
    ).json();
    const ok = await t.call({
      method: 'POST',
      url: `/api/onchain/escrow/deals/${d.id}/confirm`,
      token: ctx.user.token,
      payload: {
        challenge_id: ch.confirmation.challenge_id,
        password: PASSWORD,
        secret_code: ctx.user.nextCode(),
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await available(t, ctx.usdtWalletId, 'USDT')).toBe(before + 10_000_000n);
  });

  it('under- and over-payment get their own status and the difference', async () => {
    const under = (await create(deal({ expected_amount: '100' }))).json().deal;
    const over = (await create(deal({ expected_amount: '100' }))).json().deal;
    const t1 = await deposit(under.deposit_address, '99.5');
    const t2 = await deposit(over.deposit_address, '100.25');
    t.clock.advance(13_000);
    expect((await match(under.id, t1)).json().deal).toMatchObject({
      status: 'underpaid',
      difference: '-0.500000',
    });
    expect((await match(over.id, t2)).json().deal).toMatchObject({
      status: 'overpaid',
      difference: '0.250000',
    });
    const declined = await t.call({
      method: 'POST',
      url: `/api/onchain/escrow/deals/${over.id}/decline`,
      token: ctx.user.token,
    });
    expect(declined.json().deal).toMatchObject({ status: 'declined' });
    expect(declined.json().deal.release_tx_hash).toBeTruthy();
    // a Trx ID matches one deal only
    const dup = (await create(deal())).json().deal;
    const reused = await match(dup.id, t1);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('ESCROW_TRX_USED');
  });

  it('expires by the job when the TTL passes without a deposit', async () => {
    const d = (await create(deal({ ttl_hours: 1 }))).json().deal;
    t.clock.advance(59 * 60_000);
    await service(t.deps, 'escrow').expireDue();
    expect((await service(t.deps, 'escrow').get(fakePrincipal(), d.id)).status).toBe('awaiting');
    t.clock.advance(60_001);
    expect(await service(t.deps, 'escrow').expireDue()).toBeGreaterThanOrEqual(1);
    const { escrowDeals } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.deps.db.select().from(escrowDeals).where(eq(escrowDeals.id, d.id));
    expect(row?.status).toBe('expired');
    expect(await postbacksOf(t, d.id)).toEqual(['created', 'expired']);
  });

  it('lists with filters', async () => {
    const fresh = await onchainCompany(t);
    await create(
      deal({
        ticker: 'BTC',
        network: 'bitcoin',
        expected_amount: '0.00004',
        receiver_wallet: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      }),
      fresh.user.token,
    );
    await create(deal(), fresh.user.token);
    const list = (body: Record<string, unknown>) =>
      t
        .call({
          method: 'POST',
          url: '/api/onchain/escrow/deals/list/1/10',
          token: fresh.user.token,
          payload: body,
        })
        .then((r) => r.json());
    expect((await list({})).total).toBe(2);
    expect((await list({ ticker: 'BTC' })).deals[0]).toMatchObject({
      ticker: 'BTC',
      expected_amount: '0.00004000',
    });
    expect((await list({ status: 'confirmed' })).total).toBe(0);
    expect((await list({ filter_value: '1A1zP1' })).total).toBe(1);
  });
});

describe('escrow bad input: a clear message and nothing written', () => {
  beforeAll(async () => {
    ctx = await onchainCompany(t);
  });
  it.each([
    ['TTL 0', { ttl_hours: 0 }, 'ESCROW_TTL_RANGE'],
    ['TTL 25', { ttl_hours: 25 }, 'ESCROW_TTL_RANGE'],
    ['expected amount 0', { expected_amount: '0.000' }, 'ONCHAIN_AMOUNT_ZERO'],
    [
      'too many decimals',
      {
        ticker: 'BTC',
        network: 'bitcoin',
        expected_amount: '0.000000001',
        receiver_wallet: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      },
      'ONCHAIN_AMOUNT_DECIMALS',
    ],
    ['not a decimal', { expected_amount: '1,5' }, 'ONCHAIN_AMOUNT_INVALID'],
    [
      'wallet of the wrong network',
      { receiver_wallet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      'ONCHAIN_ADDRESS_WRONG_NETWORK',
    ],
    [
      'broken checksum',
      { receiver_wallet: '0xa0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      'ONCHAIN_ADDRESS_CHECKSUM',
    ],
    [
      'wallet pattern mismatch (warning)',
      { receiver_wallet: 'counterparty-wallet' },
      'ONCHAIN_ADDRESS_WARNING',
    ],
  ])('%s', async (_n, over, code) => {
    const before = await count();
    const r = await create(deal(over));
    expect(r.statusCode, r.body).toBe(417);
    expect(r.json().code).toBe(code);
    expect(await count()).toBe(before);
  });

  it('a wallet warning can be accepted and is kept on the deal', async () => {
    const r = await create(deal({ receiver_wallet: 'counterparty-wallet', accept_warnings: true }));
    expect(r.statusCode).toBe(200);
    expect(r.json().deal.warnings).toEqual(['ADDRESS_PATTERN_MISMATCH']);
  });

  it('a Trx ID of the wrong shape is a warning; accepted, it must still exist', async () => {
    const d = (await create(deal())).json().deal;
    const bad = await match(d.id, 'abc123');
    expect(bad.statusCode).toBe(417);
    expect(bad.json().code).toBe('ONCHAIN_TRX_ID_WARNING');
    const accepted = await match(d.id, 'abc123', true);
    expect(accepted.json().code).toBe('ESCROW_TRX_NOT_FOUND');
    expect(
      (
        await t.call({ method: 'GET', url: `/api/onchain/escrow/deals/${d.id}`, token: ctx.user.token })
      ).json().deal.status,
    ).toBe('awaiting');
  });

  it("another company's deal is not found; no onchain right is refused", async () => {
    const d = (await create(deal())).json().deal;
    const other = await onchainCompany(t);
    expect(
      (await t.call({ method: 'GET', url: `/api/onchain/escrow/deals/${d.id}`, token: other.user.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/api/onchain/escrow/deals/${d.id}/decline`,
          token: other.user.token,
        })
      ).statusCode,
    ).toBe(404);
    const noRight = await onchainCompany(t, { rights: ['create'] });
    expect((await create(deal(), noRight.user.token)).statusCode).toBe(403);
  });
});
