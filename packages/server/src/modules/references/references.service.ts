import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import { currencyRecords, referenceLists } from './reference-data.ts';
import * as repo from './references.repo.ts';

type ValueRow = Awaited<ReturnType<typeof repo.valuesByCode>>[number];

const view = (r: ValueRow) => ({
  code: r.code,
  reference_id: r.referenceId,
  value: r.value,
  description: r.description,
});

/** Reference data (spec §7 references and currencies): served from tables, never hard-coded. */
export function createReferencesService(db: Db) {
  return {
    /** Loads the shipped data sets when the tables do not hold them yet (each start checks). */
    async ensureLoaded(): Promise<void> {
      const lists = referenceLists();
      const expected = lists.reduce((n, l) => n + l.values.length, 0);
      if ((await repo.countValues(db)) === expected) return;
      await inTransaction(db, (tx) => repo.upsertAll(tx, lists, currencyRecords()));
    },

    async byCode(code: string) {
      const rows = await repo.valuesByCode(db, code);
      if (rows.length === 0) throw new DomainError('REFERENCE_NOT_FOUND', { code });
      return rows.map(view);
    },

    async byRefId(id: number) {
      const rows = await repo.valuesByRefId(db, id);
      if (rows.length === 0) throw new DomainError('REFERENCE_NOT_FOUND', { code: String(id) });
      return rows.map(view);
    },

    async currencies(param: 'all' | 'fiat' | 'crypto') {
      const rows = await repo.currencies(db, param === 'all' ? undefined : param);
      return rows.map((c) => ({
        code: c.code,
        numeric: c.numeric,
        name: c.name,
        exponent: c.exponent,
        kind: c.kind,
      }));
    },
  };
}
export type ReferencesService = ReturnType<typeof createReferencesService>;
