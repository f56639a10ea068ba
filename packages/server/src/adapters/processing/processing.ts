import {
  CHAPS_HOURS,
  CHAPS_INTERNATIONAL_FEE_MINOR,
  isWrongTestIban,
  type PaymentMethod,
  RETURNED_TEST_IBANS,
  STOPPABLE_METHODS,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { processingState } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';

/** What the rail needs to know about a payout to decide its fate. */
export interface PayoutInstruction {
  method: PaymentMethod;
  currency: string;
  iban: string | null;
  intermediaryBic: string | null;
}

export type RailOutcome =
  | { kind: 'settle'; returnAfterSeconds: number | null }
  | { kind: 'decline'; reason: string };

/**
 * The processing system (design §8: payment rails) behind an interface, so a real connector can
 * replace the simulator. The simulator keeps its outage switch in the database (every server
 * process sees it) and decides deterministically from the payout's data, so tests can aim at
 * every outcome.
 */
export interface ProcessingSystem {
  /** Throws PROCESSING_UNAVAILABLE (424) while the outage switch is on; call before any write. */
  assertAvailable(db: DbOrTx): Promise<void>;
  state(db: DbOrTx): Promise<{ outage: boolean; message: string | null }>;
  setOutage(db: DbOrTx, on: boolean, message: string | null, by: string): Promise<void>;
  /** When the rail may act on a payout approved at `now` (settlement delay, CHAPS hours). */
  dueAt(method: PaymentMethod, now: Date): Date;
  /** Fee the rail charges on top of the amount (the £35 international CHAPS fee). */
  fee(p: PayoutInstruction): bigint;
  outcome(p: PayoutInstruction): RailOutcome;
  /** Whether a pending payout can still be stopped free of charge. */
  canStop(method: PaymentMethod): boolean;
  /** Seconds until the payee bank answers a recall. */
  recallDelaySeconds: number;
}

/** Settlement delay per rail, in seconds: instant rails at once, batch rails later (demo scale). */
export const SETTLEMENT_DELAY_S = {
  INTERNAL: 1,
  FPS: 2,
  SEPA_INSTANT: 2,
  CHAPS: 20,
  FEDWIRE: 20,
  SEPA: 60,
  BANK_TRANSFER_EU: 60,
  ACH: 90,
  BECS: 90,
  SWIFT: 120,
  BACS: 180,
  BASE_TRANSFER: 120,
  SIGNET: 30,
  UA_SYSTEM: 120,
  MD_SYSTEM: 120,
  ESCROW_BLOCKCHAIN: 60,
} as const satisfies Record<PaymentMethod, number>;

const RETURN_AFTER_S = 60;

/** The simulator's decline of a payment to a wrong test IBAN (pain.002 reports it as AC01). */
export const WRONG_IBAN_DECLINE = 'The payee bank declined the payment: wrong IBAN.';

function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** The first instant at or after `at` inside CHAPS hours (Mon–Fri 07:00–16:00 UTC). */
export function nextChapsOpening(at: Date): Date {
  const start = minutesOf(CHAPS_HOURS.start);
  const end = minutesOf(CHAPS_HOURS.end);
  const weekdays: readonly number[] = CHAPS_HOURS.weekdays;
  for (let day = 0; day < 8; day++) {
    const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + day));
    const isoWeekday = ((d.getUTCDay() + 6) % 7) + 1;
    if (!weekdays.includes(isoWeekday)) continue;
    const open = new Date(d.getTime() + start * 60_000);
    const close = new Date(d.getTime() + end * 60_000);
    if (at < open) return open;
    if (at < close) return at;
  }
  throw new Error('no CHAPS opening within a week');
}

export function createProcessingSimulator(): ProcessingSystem {
  const returned: readonly string[] = RETURNED_TEST_IBANS;
  const sim: ProcessingSystem = {
    async state(db) {
      const [row] = await db.select().from(processingState).where(eq(processingState.id, 1));
      return { outage: row?.outage ?? false, message: row?.message ?? null };
    },
    async assertAvailable(db) {
      if ((await sim.state(db)).outage) throw new DomainError('PROCESSING_UNAVAILABLE');
    },
    async setOutage(db, on, message, by) {
      await db
        .update(processingState)
        .set({ outage: on, message, updatedAt: sql`now()`, updatedBy: by })
        .where(eq(processingState.id, 1));
    },
    dueAt(method, now) {
      const ready = new Date(now.getTime() + SETTLEMENT_DELAY_S[method] * 1000);
      return method === 'CHAPS' ? nextChapsOpening(ready) : ready;
    },
    fee(p) {
      // International CHAPS: routed on through an intermediary bank outside the UK (docs/decisions.md).
      const abroad = p.intermediaryBic !== null && p.intermediaryBic.slice(4, 6) !== 'GB';
      return p.method === 'CHAPS' && abroad ? CHAPS_INTERNATIONAL_FEE_MINOR : 0n;
    },
    outcome(p) {
      if (p.iban !== null && isWrongTestIban(p.iban)) return { kind: 'decline', reason: WRONG_IBAN_DECLINE };
      if (p.iban !== null && returned.includes(p.iban))
        return { kind: 'settle', returnAfterSeconds: RETURN_AFTER_S };
      return { kind: 'settle', returnAfterSeconds: null };
    },
    canStop: (method) => STOPPABLE_METHODS.includes(method),
    recallDelaySeconds: 120,
  };
  return sim;
}
