import type { AppModule } from '../module.ts';
import { postBatch } from './ledger.batch.ts';
import * as read from './ledger.read.ts';
import { createLedgerService, type EntryInput } from './ledger.service.ts';

export type LedgerApi = ReturnType<typeof createLedgerService> & {
  /** Many entries at once (imports, demo history); see ledger.batch.ts for the rules. */
  postBatch(tx: Parameters<typeof postBatch>[0], entries: readonly EntryInput[]): Promise<number[]>;
  /** History queries for statements, daily balances and charts (read only, any `DbOrTx`). */
  history: typeof read;
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
    deps.services.ledger = {
      ...ledger,
      postBatch: (tx, entries) => postBatch(tx, entries, deps.clock.now()),
      history: read,
    };
  },
};
