import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedCompany } from '../wallets/accounts.test-helpers.ts';
import { INVARIANTS_HOLD, ledgerInvariants } from './ledger.test-helpers.ts';

let t: TestApp;
let c: Awaited<ReturnType<typeof fundedCompany>>;
const ledger = () => service(t.deps, 'ledger');
const tx = <T>(fn: Parameters<typeof inTransaction<T>>[1]) => inTransaction(t.deps.db, fn);

beforeAll(async () => {
  t = await createTestApp();
  c = await fundedCompany(t, { eur: 10_000n });
});
afterAll(() => t.close());

/** Records a pay-in through the wallets service, in its own transaction. */
const payIn = (walletId: number, currency: string, amount: bigint, reference: string) =>
  tx((x) => service(t.deps, 'wallets').recordPayIn(x, { walletId, currency, amount, reference }));

/** Posts a pay-out entry moving `amount` from account `from` to account `to`. */
const postPayout = (from: number, to: number, amount: bigint) =>
  tx((x) =>
    ledger().postEntry(x, {
      kind: 'payout',
      postings: [
        { accountId: from, amount: -amount },
        { accountId: to, amount },
      ],
    }),
  );

async function available(walletId: number, currency = 'EUR') {
  const [b] = (await ledger().balances(t.deps.db, walletId)).filter((x) => x.currency === currency);
  return b?.available ?? 0n;
}

describe('ledger rules', () => {
  it('refuses a debit beyond the available balance and moves nothing', async () => {
    const out = await tx((x) => ledger().systemAccount(x, 'payout_clearing', 'EUR'));
    const wallet = await tx((x) => ledger().walletAccount(x, c.eur.id, 'EUR'));
    await expect(postPayout(wallet, out, 10_001n)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await available(c.eur.id)).toBe(10_000n);
  });

  it('refuses entries that do not balance per currency', async () => {
    const wallet = await tx((x) => ledger().walletAccount(x, c.eur.id, 'EUR'));
    const gbpOut = await tx((x) => ledger().systemAccount(x, 'payout_clearing', 'GBP'));
    await expect(postPayout(wallet, gbpOut, 100n)).rejects.toThrow(/balance/);
    expect(await available(c.eur.id)).toBe(10_000n);
  });

  it('holds reduce available; release gives it back; settle turns the hold into postings with a fee', async () => {
    const hold = await tx((x) =>
      ledger().placeHold(x, { walletId: c.eur.id, currency: 'EUR', amount: 4_000n, reference: 'p-1' }),
    );
    expect(await available(c.eur.id)).toBe(6_000n);
    await expect(
      tx((x) => ledger().placeHold(x, { walletId: c.eur.id, currency: 'EUR', amount: 6_001n })),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await tx((x) => ledger().releaseHold(x, hold));
    expect(await available(c.eur.id)).toBe(10_000n);
    await expect(tx((x) => ledger().releaseHold(x, hold))).rejects.toMatchObject({ code: 'HOLD_NOT_OPEN' });

    const hold2 = await tx((x) =>
      ledger().placeHold(x, { walletId: c.eur.id, currency: 'EUR', amount: 1_050n, reference: 'p-2' }),
    );
    const out = await tx((x) => ledger().systemAccount(x, 'payout_clearing', 'EUR'));
    const fees = await tx((x) => ledger().systemAccount(x, 'fee_income', 'EUR'));
    await tx((x) =>
      ledger().settleHold(x, hold2, { counterAccount: out, fee: { amount: 50n, account: fees } }),
    );
    const [b] = await ledger().balances(t.deps.db, c.eur.id);
    expect(b).toMatchObject({ balance: 8_950n, available: 8_950n, pending: 0n });
    await expect(tx((x) => ledger().settleHold(x, hold2, { counterAccount: out }))).rejects.toMatchObject({
      code: 'HOLD_NOT_OPEN',
    });
  });

  it('posts a (kind, reference) once: a retry replays, other amounts conflict', async () => {
    const first = await payIn(c.gbp.id, 'GBP', 700n, 'bank-ref-1');
    const again = await payIn(c.gbp.id, 'GBP', 700n, 'bank-ref-1');
    expect(again).toEqual({ id: first.id, replayed: true });
    await expect(payIn(c.gbp.id, 'GBP', 701n, 'bank-ref-1')).rejects.toMatchObject({
      code: 'LEDGER_REFERENCE_CONFLICT',
    });
    expect(await available(c.gbp.id, 'GBP')).toBe(50_700n);
  });

  it('reverses an entry once, with a new entry', async () => {
    const payin = await payIn(c.gbp.id, 'GBP', 300n, 'to-reverse');
    const reversal = await tx((x) => ledger().reverse(x, payin.id, 'sent in error'));
    expect(reversal.id).not.toBe(payin.id);
    expect(await available(c.gbp.id, 'GBP')).toBe(50_700n);
    await expect(tx((x) => ledger().reverse(x, payin.id, 'again'))).rejects.toMatchObject({
      code: 'ENTRY_ALREADY_REVERSED',
    });
  });

  it('is append-only: postings and entries cannot be updated or deleted', async () => {
    await expect(t.deps.database.exec('UPDATE postings SET amount = amount + 1')).rejects.toThrow(
      /append-only/,
    );
    await expect(t.deps.database.exec('DELETE FROM journal_entries')).rejects.toThrow(/append-only/);
  });

  it('takes no money out of a disabled or closed wallet, and nothing into a closed one', async () => {
    const w = await fundedCompany(t);
    await t.deps.database.query('UPDATE wallets SET status = 2 WHERE id = $1', [w.eur.id]);
    await expect(
      tx((x) => ledger().placeHold(x, { walletId: w.eur.id, currency: 'EUR', amount: 1n })),
    ).rejects.toMatchObject({ code: 'WALLET_NOT_ACTIVE' });
    await payIn(w.eur.id, 'EUR', 5n, 'into-disabled');
    await t.deps.database.query('UPDATE wallets SET status = 0 WHERE id = $1', [w.eur.id]);
    await expect(payIn(w.eur.id, 'EUR', 5n, 'into-closed')).rejects.toMatchObject({ code: 'WALLET_CLOSED' });
  });

  it('places a chunk of holds in order: one the balance no longer covers is refused alone', async () => {
    const w = await fundedCompany(t, { eur: 1_000n });
    const holds = [400n, 700n, 500n, 100n, 1n].map((amount, i) => ({
      walletId: w.eur.id,
      currency: 'EUR',
      amount,
      reference: `chunk-${w.eur.id}-${i}`,
    }));
    const ids = await tx((x) => ledger().placeHolds(x, holds));
    // 400 leaves 600: 700 is refused, 500 fits (100 left), 100 fits (0 left), 1 is refused.
    expect(ids.map((id) => id !== null)).toEqual([true, false, true, true, false]);
    expect(new Set(ids.filter((id) => id !== null)).size).toBe(3);
    const [b] = (await ledger().balances(t.deps.db, w.eur.id)).filter((x) => x.currency === 'EUR');
    expect(b).toMatchObject({ balance: 1_000n, available: 0n, pending: 1_000n });
    await tx((x) => ledger().releaseHold(x, ids[2] as number));
    expect(await available(w.eur.id)).toBe(500n);
    await t.deps.database.query('UPDATE wallets SET status = 2 WHERE id = $1', [w.eur.id]);
    await expect(tx((x) => ledger().placeHolds(x, holds.slice(0, 1)))).rejects.toMatchObject({
      code: 'WALLET_NOT_ACTIVE',
    });
    expect(await available(w.eur.id)).toBe(500n);
  });

  it('keeps every invariant after all of the above', async () => {
    const inv = await ledgerInvariants(t);
    expect(inv).toEqual(INVARIANTS_HOLD);
  });
});
