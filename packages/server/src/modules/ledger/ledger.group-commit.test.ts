import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { rowsOf } from './sql.ts';
import {
  createLoadTestApp,
  INVARIANTS_HOLD,
  type LoadTestApp,
  ledgerInvariants,
  loadTransferPostings,
  withdrawalPostings,
} from './ledger.test-helpers.ts';

let t: LoadTestApp;
beforeAll(async () => {
  t = await createLoadTestApp();
});
afterAll(() => t.close());

const balanceOf = async (walletId: number) =>
  (await service(t.deps, 'ledger').balances(t.deps.db, walletId))[0]?.balance ?? 0n;
const entriesWith = async (reference: string) =>
  (
    await rowsOf<{ n: number }>(
      t.deps.db,
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE reference = ${reference}`,
    )
  )[0]?.n;
const settle = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof DomainError ? err.code : String(err)),
  );

describe('ledger group commit (ledger.transfer)', () => {
  it('a failing transfer in a batch fails alone: the others commit, it leaves no trace', async () => {
    const ledger = service(t.deps, 'ledger');
    const [w0, w1, w2] = t.wallets;
    if (!w0 || !w1 || !w2) throw new Error('no wallets');
    const before = ledger.groupCommitStats();
    const [b0, b1, b2] = [await balanceOf(w0.id), await balanceOf(w1.id), await balanceOf(w2.id)];
    const move = (from: { account: number }, to: { account: number }, amount: bigint, reference: string) =>
      ledger.transfer({
        kind: 'transfer',
        reference,
        postings: [
          { accountId: from.account, amount: -amount },
          { accountId: to.account, amount },
        ],
      });
    // Fired in one turn: the first ones occupy the writers, the rest queue and form one batch.
    const results = await Promise.all([
      settle(move(w1, w2, 100n, 'gc-a')),
      settle(move(w2, w1, 100n, 'gc-b')),
      settle(move(w1, w2, 1_000n, 'gc-c')),
      settle(move(w0, w2, 30_001n, 'gc-overdraft')), // more than wallet 0 holds
      settle(move(w2, w1, 500n, 'gc-d')),
      settle(move(w1, w2, 1_000n, 'gc-c')), // the same transfer again: replays, moves nothing
      settle(move(w1, w2, 999n, 'gc-c')), // same reference, other postings: conflict, alone
    ]);
    expect(results).toEqual([
      'ok',
      'ok',
      'ok',
      'INSUFFICIENT_FUNDS',
      'ok',
      'ok',
      'LEDGER_REFERENCE_CONFLICT',
    ]);
    const after = ledger.groupCommitStats();
    // Seven transfers in fewer transactions than transfers: they were grouped.
    expect(after.transfers - before.transfers).toBe(7);
    expect(after.batches - before.batches).toBeLessThan(7);
    expect(after.fallbacks).toBe(before.fallbacks);
    expect(await entriesWith('gc-overdraft')).toBe(0);
    expect(await entriesWith('gc-c')).toBe(1);
    expect(await balanceOf(w0.id)).toBe(b0);
    expect(await balanceOf(w1.id)).toBe(b1 - 100n + 100n - 1_000n + 500n);
    expect(await balanceOf(w2.id)).toBe(b2 + 100n - 100n + 1_000n - 500n);
    expect(await ledgerInvariants(t)).toEqual(INVARIANTS_HOLD);
  });

  it('answers a replay of an entry posted earlier with its id', async () => {
    const ledger = service(t.deps, 'ledger');
    const [w1, w2] = [t.wallets[1], t.wallets[2]];
    if (!w1 || !w2) throw new Error('no wallets');
    const input = {
      kind: 'transfer' as const,
      reference: 'gc-replay',
      postings: [
        { accountId: w1.account, amount: -7n },
        { accountId: w2.account, amount: 7n },
      ],
    };
    const first = await ledger.transfer(input);
    const again = await inTransaction(t.deps.db, (tx) => ledger.postEntry(tx, input));
    const third = await ledger.transfer(input);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ id: first.id, replayed: true });
    expect(third).toEqual({ id: first.id, replayed: true });
  });

  it('compares a later batch with the posted entry: postings in another order replay, other amounts conflict', async () => {
    const ledger = service(t.deps, 'ledger');
    const [w1, w2, w3] = [t.wallets[1], t.wallets[2], t.wallets[3]];
    if (!w1 || !w2 || !w3) throw new Error('no wallets');
    const lines = [
      { accountId: w1.account, amount: -12n },
      { accountId: w2.account, amount: 2n },
      { accountId: w3.account, amount: 10n },
    ];
    const first = await ledger.transfer({ kind: 'transfer', reference: 'gc-order', postings: lines });
    const reordered = await ledger.transfer({
      kind: 'transfer',
      reference: 'gc-order',
      postings: [lines[2], lines[0], lines[1]].filter((l) => l !== undefined),
    });
    expect(reordered).toEqual({ id: first.id, replayed: true });
    const other = await settle(
      ledger.transfer({
        kind: 'transfer',
        reference: 'gc-order',
        postings: [
          { accountId: w1.account, amount: -12n },
          { accountId: w3.account, amount: 12n },
        ],
      }),
    );
    expect(other).toBe('LEDGER_REFERENCE_CONFLICT');
    expect(await entriesWith('gc-order')).toBe(1);
  });

  it('under concurrent load allows exactly the affordable withdrawals and conserves money', async () => {
    const ledger = service(t.deps, 'ledger');
    const w0 = t.wallets[0];
    if (!w0) throw new Error('no wallet');
    const sum = async () => {
      let s = 0n;
      for (const w of t.wallets) s += await balanceOf(w.id);
      return s;
    };
    const before = await sum();
    const w0Before = await balanceOf(w0.id);
    const affordable = Number(w0Before / 10_000n);
    const withdraw = () =>
      settle(ledger.transfer({ kind: 'payout', postings: withdrawalPostings(w0, t.payout) }));
    const transfer = (i: number) => {
      const postings = loadTransferPostings(t.wallets, i);
      if (!postings) return Promise.resolve('skip');
      return settle(ledger.transfer({ kind: 'transfer', postings }));
    };
    const results = await Promise.all([
      ...Array.from({ length: 12 }, withdraw),
      ...Array.from({ length: 300 }, (_, i) => transfer(i)),
    ]);
    const withdrawals = results.slice(0, 12);
    expect(withdrawals.filter((r) => r === 'ok')).toHaveLength(affordable);
    expect(withdrawals.filter((r) => r === 'INSUFFICIENT_FUNDS')).toHaveLength(12 - affordable);
    expect(results.slice(12).every((r) => r === 'ok' || r === 'skip' || r === 'INSUFFICIENT_FUNDS')).toBe(
      true,
    );
    expect(await sum()).toBe(before - BigInt(affordable) * 10_000n);
    expect(await ledgerInvariants(t)).toEqual(INVARIANTS_HOLD);
  });
});
