import type { AppModule } from '../module.ts';
import { postBatch } from './ledger.batch.ts';
import { createGroupCommit, type GroupCommitStats } from './ledger.group-commit.ts';
import * as read from './ledger.read.ts';
import { createLedgerService, type EntryInput, type PostedEntry } from './ledger.service.ts';

export type LedgerApi = ReturnType<typeof createLedgerService> & {
  /** Many entries at once (imports, demo history); see ledger.batch.ts for the rules. */
  postBatch(tx: Parameters<typeof postBatch>[0], entries: readonly EntryInput[]): Promise<number[]>;
  /** History queries for statements, daily balances and charts (read only, any `DbOrTx`). */
  history: typeof read;
  /**
   * A standalone transfer (no other rows to write with it): same rules and answers as `postEntry`
   * in a transaction of its own, but group-committed with the transfers arriving at the same time
   * (ledger.group-commit.ts). Settles after the commit.
   */
  transfer(input: EntryInput): Promise<PostedEntry>;
  groupCommitStats(): GroupCommitStats;
};

declare module '../../deps.ts' {
  interface ServiceRegistry {
    ledger: LedgerApi;
  }
}

/** The ledger has no routes of its own: wallets, statements, payments and FX call its service. */
export const ledgerModule: AppModule = {
  name: 'ledger',
  register(_app, deps) {
    const ledger = createLedgerService({ clock: deps.clock });
    const group = createGroupCommit({
      database: deps.database,
      clock: deps.clock,
      postOne: ledger.postEntry,
      // One batch in flight: the transfers arriving meanwhile form the next, larger batch. Two in
      // flight halved the batch and cost 15 % of the throughput (bench/ledger, 8 clients).
      concurrency: 1,
    });
    deps.services.ledger = {
      ...ledger,
      postBatch: (tx, entries) => postBatch(tx, entries, deps.clock.now()),
      history: read,
      transfer: group.transfer,
      groupCommitStats: group.stats,
    };
  },
};
