import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { INVARIANTS_HOLD, ledgerInvariants } from './ledger.test-helpers.ts';

let t: TestApp;
const walletIds: number[] = [];
const accounts: number[] = [];
let clearing = 0;
let payout = 0;

beforeAll(async () => {
  t = await createTestApp();
  const company = await makeCompany(t);
  await inTransaction(t.deps.db, async (tx) => {
    for (let i = 0; i < 3; i++) {
      const w = await service(t.deps, 'wallets').openWallet(tx, {
        merchantId: company.id,
        currency: 'EUR',
        platform: 'UK',
      });
      walletIds.push(w.id);
      accounts.push(await service(t.deps, 'ledger').walletAccount(tx, w.id, 'EUR'));
    }
    clearing = await service(t.deps, 'ledger').systemAccount(tx, 'payin_clearing', 'EUR');
    payout = await service(t.deps, 'ledger').systemAccount(tx, 'payout_clearing', 'EUR');
  });
});
afterAll(() => t.close());

const wallet = fc.integer({ min: 0, max: 2 });
const amount = fc.bigInt({ min: 1n, max: 5_000n });
const op = fc.oneof(
  fc.record({ type: fc.constant('fund' as const), w: wallet, amount }),
  fc.record({ type: fc.constant('transfer' as const), w: wallet, to: wallet, amount }),
  fc.record({ type: fc.constant('withdraw' as const), w: wallet, amount }),
  fc.record({ type: fc.constant('hold' as const), w: wallet, amount }),
  fc.record({ type: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('settle' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('reverse' as const), pick: fc.nat() }),
);

it('random transfers, holds, releases, settlements and reversals keep the ledger sound', async () => {
  const ledger = service(t.deps, 'ledger');
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
      // The model: available per wallet, open holds, reversible entries and what they moved.
      const avail = await Promise.all(
        walletIds.map(async (id) => (await ledger.balances(t.deps.db, id))[0]?.available ?? 0n),
      );
      const holds: { id: number; w: number; amount: bigint }[] = [];
      const entries: { id: number; moves: [number, bigint][] }[] = [];
      const attempt = async (expectOk: boolean, run: (tx: Tx) => Promise<unknown>) => {
        try {
          await inTransaction(t.deps.db, run);
        } catch (err) {
          if (err instanceof DomainError && err.code === 'INSUFFICIENT_FUNDS' && !expectOk) return false;
          throw err;
        }
        expect(expectOk).toBe(true);
        return true;
      };
      for (const o of ops) {
        const A = (i: number) => accounts[i] ?? 0;
        if (o.type === 'fund') {
          await attempt(true, async (tx) => {
            const e = await ledger.postEntry(tx, {
              kind: 'payin',
              postings: [
                { accountId: A(o.w), amount: o.amount },
                { accountId: clearing, amount: -o.amount },
              ],
            });
            entries.push({ id: e.id, moves: [[o.w, o.amount]] });
          });
          avail[o.w] = (avail[o.w] ?? 0n) + o.amount;
        } else if (o.type === 'transfer' && o.w !== o.to) {
          let id = 0;
          const can = (avail[o.w] ?? 0n) >= o.amount;
          if (
            await attempt(can, async (tx) => {
              id = (
                await ledger.postEntry(tx, {
                  kind: 'transfer',
                  postings: [
                    { accountId: A(o.w), amount: -o.amount },
                    { accountId: A(o.to), amount: o.amount },
                  ],
                })
              ).id;
            })
          ) {
            avail[o.w] = (avail[o.w] ?? 0n) - o.amount;
            avail[o.to] = (avail[o.to] ?? 0n) + o.amount;
            entries.push({
              id,
              moves: [
                [o.w, -o.amount],
                [o.to, o.amount],
              ],
            });
          }
        } else if (o.type === 'withdraw') {
          const can = (avail[o.w] ?? 0n) >= o.amount;
          if (
            await attempt(can, (tx) =>
              ledger.postEntry(tx, {
                kind: 'payout',
                postings: [
                  { accountId: A(o.w), amount: -o.amount },
                  { accountId: payout, amount: o.amount },
                ],
              }),
            )
          ) {
            avail[o.w] = (avail[o.w] ?? 0n) - o.amount;
          }
        } else if (o.type === 'hold') {
          let id = 0;
          const can = (avail[o.w] ?? 0n) >= o.amount;
          if (
            await attempt(can, async (tx) => {
              id = await ledger.placeHold(tx, {
                walletId: walletIds[o.w] ?? 0,
                currency: 'EUR',
                amount: o.amount,
              });
            })
          ) {
            avail[o.w] = (avail[o.w] ?? 0n) - o.amount;
            holds.push({ id, w: o.w, amount: o.amount });
          }
        } else if ((o.type === 'release' || o.type === 'settle') && holds.length > 0) {
          const [h] = holds.splice(o.pick % holds.length, 1);
          if (!h) continue;
          if (o.type === 'release') {
            await attempt(true, (tx) => ledger.releaseHold(tx, h.id));
            avail[h.w] = (avail[h.w] ?? 0n) + h.amount;
          } else {
            await attempt(true, (tx) => ledger.settleHold(tx, h.id, { counterAccount: payout }));
          }
        } else if (o.type === 'reverse' && entries.length > 0) {
          const [e] = entries.splice(o.pick % entries.length, 1);
          if (!e) continue;
          const can = e.moves.every(([w, moved]) => moved <= 0n || (avail[w] ?? 0n) >= moved);
          if (await attempt(can, (tx) => ledger.reverse(tx, e.id, 'property test'))) {
            for (const [w, moved] of e.moves) avail[w] = (avail[w] ?? 0n) - moved;
          }
        }
      }
      const inv = await ledgerInvariants(t);
      expect(inv).toEqual(INVARIANTS_HOLD);
      for (const [i, id] of walletIds.entries()) {
        expect((await ledger.balances(t.deps.db, id))[0]?.available ?? 0n).toBe(avail[i]);
      }
    }),
    { numRuns: 25 },
  );
});
