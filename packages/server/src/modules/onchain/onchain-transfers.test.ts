import { validateAddress } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  approveTransfer,
  available,
  makeWallet,
  onchainCompany,
  PASSWORD,
  postbacksOf,
  RECEIVER,
  sendTransfer,
  transfersOf,
  usdtInput,
} from './onchain.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Tuesday 3 March 2026, 10:00 UTC = 10:00 GMT: inside the 06:00-12:00 UK window.
  t.clock.set('2026-03-03T10:00:00Z');
});
afterAll(() => t.close());

async function setSim(state: { outage?: boolean; nextFate?: 'ok' | 'drop' | 'fail'; windowOpen?: boolean }) {
  const { onchainSimState } = await import('../../db/schema/index.ts');
  await t.deps.db.update(onchainSimState).set({
    ...(state.outage !== undefined ? { outage: state.outage } : {}),
    ...(state.nextFate ? { nextFate: state.nextFate } : {}),
    ...(state.windowOpen !== undefined ? { windowOpen: state.windowOpen } : {}),
  });
}
describe('crypto wallets', () => {
  it('BTC, ETH, USDT and USDC wallets with deposit addresses per network', async () => {
    const { user } = await onchainCompany(t);
    const r = await t.call({ method: 'GET', url: '/api/onchain/wallets', token: user.token });
    expect(r.statusCode, r.body).toBe(200);
    const wallets = r.json().wallets as {
      asset: string;
      addresses: { network: 'bitcoin' | 'ethereum' | 'tron'; address: string }[];
    }[];
    expect(wallets.map((w) => [w.asset, w.addresses.map((a) => a.network)])).toEqual([
      ['BTC', ['bitcoin']],
      ['ETH', ['ethereum']],
      ['USDT', ['ethereum', 'tron']],
      ['USDC', ['ethereum']],
    ]);
    for (const w of wallets)
      for (const a of w.addresses)
        expect(validateAddress(a.network, a.address)).toMatchObject({ ok: true, warning: null });
    // a second visit opens nothing new
    const again = await t.call({ method: 'GET', url: '/api/onchain/wallets', token: user.token });
    expect(again.json().wallets).toEqual(r.json().wallets);
  });
});

describe('an on-chain transfer from a crypto wallet', () => {
  it('created, approved, broadcast, confirmations count up, settled on the ledger with the tx hash', async () => {
    const { company, user, usdtWalletId } = await onchainCompany(t, { usdt: 1_000_000_000n });
    const created = await sendTransfer(t, user, usdtInput(usdtWalletId));
    expect(created.statusCode, created.body).toBe(200);
    const tr = created.json().transfer;
    expect(tr).toMatchObject({
      status: 'created',
      coin_amount: '100.000000',
      fee: '3.000000',
      debit_amount: '103.000000',
      can_approve: true,
    });

    // Approval is strong customer authentication: the dialog shows network, address and what the
    // wallet is debited — the fee included, the total the hold takes (issue 36); without the
    // password and code, or with a wrong code, nothing is held.
    const shown = await t.post(`/api/onchain/transfers/${tr.id}/approve_challenge`, user.token);
    expect(shown.json().confirmation.items).toEqual([
      { id: tr.id, amount: '103.000000', currency: 'USDT', payee: 'ethereum', account: RECEIVER },
    ]);
    expect(shown.json().confirmation.totals).toEqual([{ currency: 'USDT', amount: tr.debit_amount }]);
    const bare = await t.post(`/api/onchain/transfers/${tr.id}/approve`, user.token);
    expect(bare.json().code).toBe('VALIDATION');
    const wrongCode = await t.post(`/api/onchain/transfers/${tr.id}/approve`, user.token, {
      challenge_id: shown.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: '000000',
    });
    expect(wrongCode.json().code).toBe('SCA_WRONG_CREDENTIALS');
    expect(await available(t, usdtWalletId, 'USDT')).toBe(1_000_000_000n);

    const approved = await approveTransfer(t, user, tr.id);
    expect(approved.statusCode, approved.body).toBe(200);
    const a = approved.json().transfer;
    expect(a.status).toBe('pending');
    expect(a.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(a.required_confirmations).toBe(12);
    expect(await available(t, usdtWalletId, 'USDT')).toBe(1_000_000_000n - 103_000_000n);

    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(3_000);
      const g = await t.call({ method: 'GET', url: `/api/onchain/transfers/${tr.id}`, token: user.token });
      seen.push(g.json().transfer.confirmations);
    }
    expect(seen).toEqual([3, 6, 9, 12]);
    const settled = (
      await t.call({ method: 'GET', url: `/api/onchain/transfers/${tr.id}`, token: user.token })
    ).json().transfer;
    expect(settled.status).toBe('settled');
    const balances = await service(t.deps, 'ledger').balances(t.deps.db, Number(usdtWalletId));
    expect(balances.find((b) => b.currency === 'USDT')).toMatchObject({
      balance: 897_000_000n,
      available: 897_000_000n,
    });

    // the statement line carries the hash
    const { journalEntries } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const [entry] = await t.deps.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `onchain:${tr.id}`));
    expect(entry?.details.description).toContain(a.tx_hash);

    expect(await postbacksOf(t, tr.id)).toEqual(['created', 'queued', 'pending', 'settled']);
    // On-chain transfers travel as the spec §9 payout type; the body's kind names them (issue 36).
    const { postbackOutbox } = await import('../../db/schema/index.ts');
    const types = await t.deps.db
      .select({ type: postbackOutbox.type })
      .from(postbackOutbox)
      .where(eq(postbackOutbox.subjectId, tr.id));
    expect(new Set(types.map((r) => r.type))).toEqual(new Set(['payout']));
    expect((await transfersOf(t, company.id)).length).toBe(1);
  });

  it('funded from a USD wallet: the coin amount comes from the rate, the USD wallet pays', async () => {
    const { company, user } = await onchainCompany(t);
    const usd = await makeWallet(t, company.id, 'USD', '5000.00');
    const q = await t.post('/api/onchain/quote', user.token, {
      asset: 'USDT',
      network: 'tron',
      wallet_id: usd.uuid,
      fiat_amount: '1000.00',
      fiat_currency: 'USD',
    });
    expect(q.statusCode, q.body).toBe(200);
    const quote = q.json().quote;
    expect(quote).toMatchObject({
      funding_currency: 'USD',
      fiat_amount: '1000.00',
      fee: '1.000000',
      window_open: true,
    });
    expect(Number(quote.coin_amount)).toBeGreaterThan(990);
    expect(quote.usd_cancel_at).toBe('2026-03-03T12:30:00.000Z');
    expect(new Date(quote.expires_at).getTime() - t.clock.now().getTime()).toBe(30_000);

    const created = await sendTransfer(t, user, {
      asset: 'USDT',
      network: 'tron',
      wallet_id: usd.uuid,
      fiat_amount: '1000.00',
      fiat_currency: 'USD',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(created.statusCode, created.body).toBe(200);
    const tr = created.json().transfer;
    expect(tr.funding_currency).toBe('USD');
    const ap = await approveTransfer(t, user, tr.id);
    expect(ap.json().transfer.status).toBe('pending');
    const debit = BigInt(tr.debit_amount.replace('.', ''));
    expect(await available(t, usd.id, 'USD')).toBe(500_000n - debit);
    t.clock.advance(25_000);
    await service(t.deps, 'onchain').runDue();
    const done = (
      await t.call({ method: 'GET', url: `/api/onchain/transfers/${tr.id}`, token: user.token })
    ).json().transfer;
    expect(done.status).toBe('settled');
    const usdBal = (await service(t.deps, 'ledger').balances(t.deps.db, usd.id)).find(
      (b) => b.currency === 'USD',
    );
    expect(usdBal?.balance).toBe(500_000n - debit);
  });
});

describe('the UK window and the 12:30 USD rule', () => {
  it('a request after 12:00 UK is accepted, queued and sent at 06:00 UK the next day', async () => {
    t.clock.set('2026-03-03T13:00:00Z');
    const { user, usdtWalletId, company } = await onchainCompany(t, { usdt: 500_000_000n });
    const tr = (await sendTransfer(t, user, usdtInput(usdtWalletId))).json().transfer;
    const ap = (await approveTransfer(t, user, tr.id)).json().transfer;
    expect(ap).toMatchObject({
      status: 'queued',
      send_at: '2026-03-04T06:00:00.000Z',
      tx_hash: null,
      cancel_at: null,
    });
    expect(await available(t, usdtWalletId, 'USDT')).toBe(500_000_000n - 103_000_000n);
    t.clock.set('2026-03-04T05:59:00Z');
    await service(t.deps, 'onchain').runDue();
    // (the session token has long expired: read the rows)
    expect((await transfersOf(t, company.id))[0]?.status).toBe('queued');
    t.clock.set('2026-03-04T06:00:00Z');
    await service(t.deps, 'onchain').runDue();
    const sent = (await transfersOf(t, company.id))[0];
    expect(sent?.status).toBe('pending');
    expect(sent?.txHash).toBeTruthy();
  });

  it('a USD-funded transfer not settled by 12:30 UK is cancelled and its hold released', async () => {
    t.clock.set('2026-07-14T12:00:00Z'); // 13:00 BST: queued for 06:00 BST = 05:00 UTC, cancel at 11:30 UTC
    const { company, user } = await onchainCompany(t);
    const usd = await makeWallet(t, company.id, 'USD', '2000.00');
    const tr = (
      await sendTransfer(t, user, {
        ...usdtInput(usd.uuid),
        fiat_amount: '100.00',
        coin_amount: undefined,
        fiat_currency: 'USD',
      })
    ).json().transfer;
    const ap = (await approveTransfer(t, user, tr.id)).json().transfer;
    expect(ap).toMatchObject({
      status: 'queued',
      send_at: '2026-07-15T05:00:00.000Z',
      cancel_at: '2026-07-15T11:30:00.000Z',
    });
    expect(await available(t, usd.id, 'USD')).toBeLessThan(200_000n);
    // The node is down all morning: nothing can be sent, nothing is lost.
    await setSim({ outage: true });
    t.clock.set('2026-07-15T05:00:00Z');
    await service(t.deps, 'onchain').runDue();
    expect((await transfersOf(t, company.id))[0]?.status).toBe('queued');
    t.clock.set('2026-07-15T11:30:00Z');
    await service(t.deps, 'onchain').runDue();
    await setSim({ outage: false });
    const after = (await transfersOf(t, company.id))[0];
    expect(after?.status).toBe('canceled');
    expect(after?.error).toContain('12:30');
    expect(await available(t, usd.id, 'USD')).toBe(200_000n);
    expect(await postbacksOf(t, tr.id)).toEqual(['created', 'queued', 'canceled']);
  });
});

describe('the simulator window switch', () => {
  it('outside the window, the simulator may treat it as open (demo, journeys)', async () => {
    t.clock.set('2026-03-03T20:00:00Z');
    const { user, usdtWalletId } = await onchainCompany(t, { usdt: 500_000_000n });
    await setSim({ windowOpen: true });
    const tr = (await sendTransfer(t, user, usdtInput(usdtWalletId))).json().transfer;
    const ap = (await approveTransfer(t, user, tr.id)).json().transfer;
    await setSim({ windowOpen: false });
    expect(ap.status).toBe('pending');
  });
});

describe('dropped and failed transactions, node outage', () => {
  it('a dropped transaction cancels the transfer and releases the hold; a failed one declines it', async () => {
    t.clock.set('2026-03-05T09:00:00Z');
    const { user, usdtWalletId } = await onchainCompany(t, { usdt: 500_000_000n });
    for (const [fate, status] of [
      ['drop', 'canceled'],
      ['fail', 'declined'],
    ] as const) {
      const tr = (await sendTransfer(t, user, usdtInput(usdtWalletId))).json().transfer;
      await setSim({ nextFate: fate });
      const ap = (await approveTransfer(t, user, tr.id)).json().transfer;
      expect(ap.status).toBe('pending');
      t.clock.advance(5_000);
      await service(t.deps, 'onchain').runDue();
      const g = (
        await t.call({ method: 'GET', url: `/api/onchain/transfers/${tr.id}`, token: user.token })
      ).json().transfer;
      expect(g.status).toBe(status);
      expect(g.error).toBeTruthy();
      expect(await available(t, usdtWalletId, 'USDT')).toBe(500_000_000n);
    }
  });

  it('a node outage answers 424 on approval and changes nothing; afterwards it goes through', async () => {
    t.clock.set('2026-03-05T09:30:00Z');
    const { user, usdtWalletId } = await onchainCompany(t, { usdt: 500_000_000n });
    const tr = (await sendTransfer(t, user, usdtInput(usdtWalletId))).json().transfer;
    await setSim({ outage: true });
    const r = await approveTransfer(t, user, tr.id);
    expect(r.statusCode).toBe(424);
    expect(r.json().code).toBe('ONCHAIN_NODE_UNAVAILABLE');
    expect(await available(t, usdtWalletId, 'USDT')).toBe(500_000_000n);
    expect(
      (await t.call({ method: 'GET', url: `/api/onchain/transfers/${tr.id}`, token: user.token })).json()
        .transfer.status,
    ).toBe('created');
    await setSim({ outage: false });
    const ok = await approveTransfer(t, user, tr.id);
    expect(ok.json().transfer.status).toBe('pending');
  });

  it('insufficient balance: created but not approved, with code and message', async () => {
    const { user, usdtWalletId } = await onchainCompany(t, { usdt: 50_000_000n });
    const tr = (await sendTransfer(t, user, usdtInput(usdtWalletId))).json().transfer;
    const r = await approveTransfer(t, user, tr.id);
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      code: 'ONCHAIN_CREATED_NOT_APPROVED',
      reason_code: 'INSUFFICIENT_FUNDS',
      transfer_id: tr.id,
    });
    expect(r.json().messages[0]).toContain('created but not approved');
    const g = (
      await t.call({ method: 'GET', url: `/api/onchain/transfers/${tr.id}`, token: user.token })
    ).json().transfer;
    expect(g).toMatchObject({ status: 'created' });
    expect(g.error).toContain('Insufficient');
  });
});

describe('bad input: a clear message and nothing written', () => {
  let ctx: Awaited<ReturnType<typeof onchainCompany>>;
  beforeAll(async () => {
    t.clock.set('2026-03-06T09:00:00Z');
    ctx = await onchainCompany(t, { usdt: 500_000_000n });
  });

  it.each([
    ['zero amount', { coin_amount: '0' }, 417, 'ONCHAIN_AMOUNT_ZERO'],
    ['no amount', { coin_amount: '' }, 417, 'ONCHAIN_AMOUNT_REQUIRED'],
    ['too many decimals for USDT', { coin_amount: '1.0000001' }, 417, 'ONCHAIN_AMOUNT_DECIMALS'],
    [
      'a Tron address for ERC-20',
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      417,
      'ONCHAIN_ADDRESS_WRONG_NETWORK',
    ],
    [
      'a broken EIP-55 checksum',
      { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eb48' },
      417,
      'ONCHAIN_ADDRESS_CHECKSUM',
    ],
    ['an address of no known shape', { address: 'my supplier wallet' }, 417, 'ONCHAIN_ADDRESS_WARNING'],
    ['USDT on bitcoin', { network: 'bitcoin' }, 417, 'ONCHAIN_NETWORK_UNSUPPORTED'],
    ['an unknown asset', { asset: 'DOGE' }, 417, 'ONCHAIN_ASSET_UNKNOWN'],
    [
      'a wallet of another asset',
      { asset: 'BTC', network: 'bitcoin', address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' },
      417,
      'ONCHAIN_FUNDING_CURRENCY',
    ],
  ])('%s', async (_name, over, status, code) => {
    const before = (await transfersOf(t, ctx.company.id)).length;
    const r = await sendTransfer(t, ctx.user, usdtInput(ctx.usdtWalletId, over));
    expect(r.statusCode, r.body).toBe(status);
    expect(r.json().code).toBe(code);
    expect(r.json().messages[0]).toBeTruthy();
    expect((await transfersOf(t, ctx.company.id)).length).toBe(before);
  });

  it('the pattern warning may be accepted', async () => {
    const r = await sendTransfer(
      t,
      ctx.user,
      usdtInput(ctx.usdtWalletId, {
        address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB4',
        accept_warnings: true,
      }),
    );
    expect(r.statusCode, r.body).toBe(200);
  });

  it("another company's wallet is not found", async () => {
    const other = await onchainCompany(t, { usdt: 500_000_000n });
    const r = await sendTransfer(t, ctx.user, usdtInput(other.usdtWalletId));
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('ONCHAIN_WALLET_NOT_FOUND');
    const g = await t.call({
      method: 'GET',
      url: '/api/onchain/transfers/00000000-0000-4000-8000-000000000000',
      token: ctx.user.token,
    });
    expect(g.statusCode).toBe(404);
  });

  it('no onchain right: refused', async () => {
    const { user, usdtWalletId, company } = await onchainCompany(t, {
      usdt: 500_000_000n,
      rights: ['create', 'approve'],
    });
    const r = await sendTransfer(t, user, usdtInput(usdtWalletId));
    expect(r.statusCode).toBe(403);
    expect((await transfersOf(t, company.id)).length).toBe(0);
  });

  it('a replayed code is refused and nothing more is written', async () => {
    const code = ctx.user.nextCode();
    const first = await sendTransfer(t, ctx.user, usdtInput(ctx.usdtWalletId), { code });
    expect(first.statusCode).toBe(200);
    const before = (await transfersOf(t, ctx.company.id)).length;
    const replay = await sendTransfer(t, ctx.user, usdtInput(ctx.usdtWalletId), { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('SCA_CODE_USED');
    expect((await transfersOf(t, ctx.company.id)).length).toBe(before);
  });

  it('a changed amount after confirmation needs a new confirmation', async () => {
    const ch = await t.post('/api/onchain/transfers/challenge', ctx.user.token, usdtInput(ctx.usdtWalletId));
    const r = await t.post('/api/onchain/transfers', ctx.user.token, {
      ...usdtInput(ctx.usdtWalletId, { coin_amount: '101' }),
      challenge_id: ch.json().confirmation.challenge_id,
      password: (await import('./onchain.fixtures.ts')).PASSWORD,
      secret_code: ctx.user.nextCode(),
    });
    expect(r.statusCode).toBe(417);
    expect(r.json().code).toBe('CONFIRMATION_MISMATCH');
  });

  it('the address check answers error vs warning for the dialog', async () => {
    const call = (network: string, address: string) =>
      t
        .call({
          method: 'POST',
          url: '/api/onchain/check_address',
          token: ctx.user.token,
          payload: { network, address },
        })
        .then((r) => r.json());
    expect(await call('ethereum', RECEIVER)).toMatchObject({ valid: true, error: null, warning: null });
    expect(await call('ethereum', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toMatchObject({
      valid: false,
      error: 'ADDRESS_WRONG_NETWORK',
      other_network: 'tron',
    });
    expect(await call('tron', 'hello')).toMatchObject({ valid: true, warning: 'ADDRESS_PATTERN_MISMATCH' });
  });
});
