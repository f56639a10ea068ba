import { fromMinor, isCurrencyCode, type PaymentRequestStatus } from '@portal/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { payments as paymentsTable } from '../../db/schema/index.ts';
import type { AppDeps, ServiceRegistry } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import * as repo from './payment-requests.repo.ts';

export type Ctx = RequestContext<UserPrincipal>;
export type PaymentRow = typeof paymentsTable.$inferSelect;
export type Actor = { type: 'user'; id: string; ip?: string; userAgent?: string } | { type: 'system' };

/**
 * What every payment-request use case (views, create, actions, payins, expiry) runs with, built
 * once by `createPaymentRequestsService`. The payments service is looked up when a refund needs it.
 */
export interface PrContext {
  db: AppDeps['db'];
  clock: AppDeps['clock'];
  config: AppDeps['config'];
  mail: AppDeps['mail'];
  payments: () => ServiceRegistry['payments'];
}

/** The public link of a request's hosted page. */
export const linkOf = (c: PrContext, token: string) =>
  `${c.config.publicUrl.replace(/\/$/, '')}/pay/${token}`;

/** The caller's company, which must be a MerchantService one (AccountService companies are refused). */
export async function merchantOf(c: PrContext, principal: UserPrincipal): Promise<string> {
  if (!principal.merchantId) throw new DomainError('MERCHANT_SERVICE_ONLY');
  const m = await repo.serviceCodeOf(c.db, principal.merchantId);
  if (m?.serviceCode !== 'MerchantService') throw new DomainError('MERCHANT_SERVICE_ONLY');
  return principal.merchantId;
}

export const userActor = (ctx: Ctx): Actor => ({
  type: 'user',
  id: ctx.principal.userId,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
});

export async function lockOwn(tx: Tx, merchantId: string, id: string) {
  const r = await repo.lockRequest(tx, id, merchantId);
  if (!r) throw new DomainError('PAYMENT_REQUEST_NOT_FOUND');
  return r;
}

/** Postback and audit entry of one change, in the transaction that makes it. */
export async function record(
  c: PrContext,
  tx: DbOrTx,
  r: repo.RequestRow,
  e: {
    event: string;
    from: PaymentRequestStatus | null;
    actor: Actor;
    type?: 'payin' | 'refund';
    paymentId?: string;
    details?: Record<string, unknown>;
  },
) {
  const at = c.clock.now();
  const money = (v: bigint) => (isCurrencyCode(r.currency) ? fromMinor(v, r.currency) : v.toString());
  await enqueuePostback(tx, {
    merchantId: r.merchantId,
    type: e.type ?? 'payin',
    event: `payment_request.${e.event}`,
    subjectId: r.id,
    createdAt: at,
    payload: {
      kind: 'payment_request',
      payment_request_id: r.id,
      status: r.status,
      previous_status: e.from,
      reference: r.reference,
      payment_reference: r.paymentReference,
      currency: r.currency,
      amount: r.amount === null ? null : money(r.amount),
      paid_amount: money(r.paidAmount),
      late_payment: r.latePayment,
      ...(e.paymentId ? { payment_id: e.paymentId } : {}),
      at: at.toISOString(),
    },
  });
  await appendAudit(tx, {
    actorType: e.actor.type,
    actorId: e.actor.type === 'user' ? e.actor.id : null,
    action: `payment_request_${e.event}`,
    subjectType: 'payment_request',
    subjectId: r.id,
    ...(e.actor.type === 'user' && e.actor.ip ? { ip: e.actor.ip } : {}),
    ...(e.actor.type === 'user' && e.actor.userAgent ? { userAgent: e.actor.userAgent } : {}),
    details: {
      status: r.status,
      previous_status: e.from,
      ...(e.paymentId ? { payment_id: e.paymentId } : {}),
      ...e.details,
    },
  });
}
