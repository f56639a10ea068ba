import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import {
  createLoadTestApp,
  INVARIANTS_HOLD,
  type LoadTestApp,
  type LoadWallet,
  ledgerInvariants,
  loadTransferPostings,
  withdrawalPostings,
} from './ledger.test-helpers.ts';

// PGlite is one connection, so nothing there runs at the same instant: this needs PostgreSQL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'ledger under concurrent load (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    let t: LoadTestApp;
    beforeAll(async () => {
      t = await createLoadTestApp();
    });
    afterAll(() => t.close());

    const walletSum = async () => {
      const ledger = service(t.deps, 'ledger');
      let sum = 0n;
      for (const w of t.wallets) sum += (await ledger.balances(t.deps.db, w.id))[0]?.balance ?? 0n;
      return sum;
    };

    it('conserves money, allows exactly the affordable withdrawals and never overdraws', async () => {
      const ledger = service(t.deps, 'ledger');
      const before = await walletSum();
      const outcome = async (fn: () => Promise<unknown>) => {
        try {
          await fn();
          return 'ok';
        } catch (err) {
          if (err instanceof DomainError && err.code === 'INSUFFICIENT_FUNDS') return 'refused';
          throw err;
        }
      };
      const withdraw = (w: LoadWallet) =>
        outcome(() =>
          inTransaction(t.deps.db, (tx) =>
            ledger.postEntry(tx, { kind: 'payout', postings: withdrawalPostings(w, t.payout) }),
          ),
        );
      const transfer = (i: number) => {
        const postings = loadTransferPostings(t.wallets, i);
        if (!postings) return Promise.resolve('skip');
        return outcome(() =>
          inTransaction(t.deps.db, (tx) => ledger.postEntry(tx, { kind: 'transfer', postings })),
        );
      };
      const w0 = t.wallets[0];
      if (!w0) throw new Error('no wallet');
      // Twelve full-balance-share withdrawals from wallet 0 at the same instant, among 300 transfers.
      const results = await Promise.all([
        ...Array.from({ length: 12 }, () => withdraw(w0)),
        ...Array.from({ length: 300 }, (_, i) => transfer(i)),
      ]);
      const withdrawals = results.slice(0, 12);
      expect(withdrawals.filter((r) => r === 'ok')).toHaveLength(3);
      expect(withdrawals.filter((r) => r === 'refused')).toHaveLength(9);
      expect(await walletSum()).toBe(before - 30_000n);
      expect(await ledgerInvariants(t)).toEqual(INVARIANTS_HOLD);
    });

    it('concurrent duplicates of one pay-in move money once', async () => {
      const w = t.wallets[1];
      if (!w) throw new Error('no wallet');
      const before = (await service(t.deps, 'ledger').balances(t.deps.db, w.id))[0]?.balance ?? 0n;
      const posted = await Promise.all(
        Array.from({ length: 10 }, () =>
          inTransaction(t.deps.db, (tx) =>
            service(t.deps, 'wallets').recordPayIn(tx, {
              walletId: w.id,
              currency: 'EUR',
              amount: 777n,
              reference: 'dup-1',
            }),
          ),
        ),
      );
      expect(new Set(posted.map((p) => p.id)).size).toBe(1);
      expect(posted.filter((p) => !p.replayed)).toHaveLength(1);
      expect((await service(t.deps, 'ledger').balances(t.deps.db, w.id))[0]?.balance).toBe(before + 777n);
    });
  },
);
