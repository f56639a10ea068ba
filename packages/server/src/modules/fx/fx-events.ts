import type { FxStatus } from '@portal/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import { type Ctx, money } from './fx-context.ts';
import * as repo from './fx.repo.ts';

/** History event, postback of type fx and audit entry, in the caller's transaction. */
export async function recordEvent(
  tx: DbOrTx,
  e: repo.ExchangeRow,
  ev: {
    event: string;
    from: FxStatus | null;
    actorId: string | null;
    at: Date;
    note?: string | null;
    ctx?: Ctx;
  },
): Promise<void> {
  await repo.insertEvent(tx, {
    exchangeId: e.id,
    merchantId: e.merchantId,
    event: ev.event,
    fromStatus: ev.from,
    status: e.status,
    actorId: ev.actorId,
    note: ev.note ?? null,
    at: ev.at,
  });
  await enqueuePostback(tx, {
    merchantId: e.merchantId,
    type: 'fx',
    event: ev.event,
    subjectId: e.id,
    createdAt: ev.at,
    payload: {
      exchange_id: e.id,
      status: e.status,
      previous_status: ev.from,
      settlement: e.settlement,
      value_date: e.valueDate,
      sell_currency: e.sellCurrency,
      sell_amount: money(e.sellAmount, e.sellCurrency),
      buy_currency: e.buyCurrency,
      buy_amount: money(e.buyAmount, e.buyCurrency),
      rate: e.rate,
      at: ev.at.toISOString(),
    },
  });
  await appendAudit(tx, {
    actorType: ev.actorId ? 'user' : 'system',
    actorId: ev.actorId,
    action: `fx_${ev.event}`,
    subjectType: 'fx_exchange',
    subjectId: e.id,
    ...(ev.ctx ? { ip: ev.ctx.ip, userAgent: ev.ctx.userAgent } : {}),
    details: { status: e.status, from: ev.from, ...(ev.note ? { note: ev.note } : {}) },
  });
}

/** Moves an exchange from its current status to `to` and records the event, in `tx`. */
export async function transition(
  tx: Tx,
  e: repo.ExchangeRow,
  to: FxStatus,
  ev: {
    actorId: string | null;
    at: Date;
    action: string;
    patch?: Partial<repo.NewExchange>;
    note?: string | null;
    ctx?: Ctx;
  },
): Promise<repo.ExchangeRow> {
  const updated = await repo.updateFrom(tx, e.id, e.status, { ...ev.patch, status: to, updatedAt: ev.at });
  if (!updated) throw new DomainError('FX_ACTION_NOT_ALLOWED', { status: e.status, action: ev.action });
  await recordEvent(tx, updated, {
    event: to,
    from: e.status,
    actorId: ev.actorId,
    at: ev.at,
    note: ev.note ?? null,
    ...(ev.ctx ? { ctx: ev.ctx } : {}),
  });
  return updated;
}
