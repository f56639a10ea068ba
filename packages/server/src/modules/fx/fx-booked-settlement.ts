import { inTransaction } from '../../db/tx.ts';
import type { FxContext } from './fx-context.ts';
import { transition } from './fx-events.ts';
import { exchangePostings, paymentLegs } from './fx-postings.ts';
import * as repo from './fx.repo.ts';

/** NBD/SBD exchanges: a booked exchange settles at its value date (hold → postings). */

export const FX_SETTLE_JOB = 'fx.settle';

/** Queues the value-date job of a booked exchange; the sweep (`runDue`) catches a lost one. */
export async function schedule(fx: FxContext, e: repo.ExchangeRow): Promise<void> {
  if (e.status !== 'booked' || !e.settleAfter) return;
  const seconds = Math.max(0, Math.ceil((e.settleAfter.getTime() - fx.clock.now().getTime()) / 1000));
  await fx
    .jobs()
    .send(FX_SETTLE_JOB, { exchangeId: e.id }, { startAfterSeconds: seconds })
    .catch(() => undefined);
}

/** The value-date job: settles one booked exchange whose time has come (hold → postings). */
export async function settleDue(fx: FxContext, id: string): Promise<boolean> {
  const now = fx.clock.now();
  const done = await inTransaction(fx.db, async (tx) => {
    const e = await repo.lockExchange(tx, id);
    if (!e || e.status !== 'booked' || !e.settleAfter || e.settleAfter > now) return null;
    if (e.holdId !== null) await fx.ledger().releaseHold(tx, e.holdId);
    const entry = await fx.ledger().postEntry(tx, {
      ...(await exchangePostings(fx, tx, e)),
      valueDate: e.settleAfter,
    });
    await paymentLegs(fx, tx, e, entry.id, e.approvedBy, now);
    return transition(tx, e, 'settled', {
      actorId: null,
      at: now,
      action: 'settled',
      patch: { entryId: entry.id, settledAt: now, settleAfter: null },
    });
  });
  return done !== null;
}

/** Settles every due booked exchange (sweep for jobs lost to a restart). */
export async function runDue(fx: FxContext): Promise<number> {
  let n = 0;
  for (const { id } of await repo.dueBooked(fx.db, fx.clock.now())) if (await settleDue(fx, id)) n++;
  return n;
}
