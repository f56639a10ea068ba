import { PAYABLE_REQUEST_STATUSES } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { type PrContext, record } from './payment-requests-context.ts';
import * as repo from './payment-requests.repo.ts';

/** How many requests one expiry sweep moves; the next sweep takes the rest. */
const EXPIRY_BATCH = 500;

/** Marks a locked request expired, with its postback and audit entry, in `tx`. */
export async function expire(c: PrContext, tx: Tx, r: repo.RequestRow): Promise<repo.RequestRow> {
  const updated = await repo.updateRequest(tx, r.id, { status: 'expired', updatedAt: c.clock.now() });
  await record(c, tx, updated, { event: 'expired', from: r.status, actor: { type: 'system' } });
  return updated;
}

/** Open (and partially paid) requests past their expiry become expired, each with its postback. */
export async function expireDue(c: PrContext): Promise<number> {
  const ids = await repo.dueForExpiry(c.db, c.clock.now(), EXPIRY_BATCH);
  let n = 0;
  for (const id of ids) {
    const done = await inTransaction(c.db, async (tx) => {
      const r = await repo.lockRequest(tx, id, null);
      if (!r || !PAYABLE_REQUEST_STATUSES.includes(r.status) || r.expiresAt > c.clock.now()) return false;
      await expire(c, tx, r);
      return true;
    });
    if (done) n++;
  }
  return n;
}
