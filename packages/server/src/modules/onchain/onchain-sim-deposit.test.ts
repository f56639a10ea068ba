import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { available, onchainCompany, RECEIVER } from './onchain.fixtures.ts';

/** Issue 34: the blockchain simulator's deposit acts only within the company it names. */
let t: TestApp;
let x: Awaited<ReturnType<typeof onchainCompany>>;
let y: Awaited<ReturnType<typeof onchainCompany>>;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-03T10:00:00Z');
  x = await onchainCompany(t);
  y = await onchainCompany(t);
  adminToken = (await makeUser(t, { group: 'admin' })).token;
});
afterAll(() => t.close());

const deposit = (merchantId: string, address: string, amount = '25', token = adminToken) =>
  t.call({
    method: 'POST',
    url: '/api/onchain/sim/deposit',
    token,
    payload: { merchant_id: merchantId, network: 'ethereum', ticker: 'USDT', address, amount },
  });

describe('blockchain simulator deposit', () => {
  it("credits a deposit address of the company named, and refuses another company's address with 404", async () => {
    const ok = await deposit(x.company.id, x.usdtAddress);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await available(t, x.usdtWalletId, 'USDT')).toBe(25_000_000n);

    const other = await deposit(x.company.id, y.usdtAddress);
    expect([other.statusCode, other.json().code]).toEqual([404, 'ONCHAIN_SIM_ADDRESS_NOT_FOUND']);
    expect(other.json().messages[0]).toBe(
      'The address is neither a deposit address nor an escrow deal address of the company named.',
    );
    expect(await available(t, y.usdtWalletId, 'USDT')).toBe(0n);

    const nobody = await deposit(x.company.id, RECEIVER);
    expect([nobody.statusCode, nobody.json().code]).toEqual([404, 'ONCHAIN_SIM_ADDRESS_NOT_FOUND']);
  });

  it("pays an escrow deal's address only when the deal's company is named", async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/onchain/escrow/deals',
      token: y.user.token,
      payload: {
        ticker: 'USDT',
        network: 'ethereum',
        currency: 'USD',
        expected_amount: '10',
        receiver_wallet: RECEIVER,
        ttl_hours: 6,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const address = created.json().deal.deposit_address as string;
    expect((await deposit(x.company.id, address, '10')).statusCode).toBe(404);
    const paid = await deposit(y.company.id, address, '10');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().trx_id).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("refuses a client user, even for their own company's address", async () => {
    const r = await deposit(x.company.id, x.usdtAddress, '1', x.user.token);
    expect([r.statusCode, r.json().code]).toEqual([403, 'FORBIDDEN']);
  });
});
