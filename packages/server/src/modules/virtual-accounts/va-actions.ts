import {
  canVaTransition,
  reasonFitsAction,
  type VaAction,
  type VaacCode,
  vaActionTarget,
  VAAC_CLIENT_CODES,
} from '@portal/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import { moveRequest } from './va-approval.ts';
import { type Ctx, companyOf, requireRight, type VaContext, verify } from './va-context.ts';
import { viewOf } from './va-views.ts';
import * as repo from './va.repo.ts';

/** How a client names the VA of a wallet an action is for: its IBAN, or bank code + account number. */
interface VaRef {
  iban?: string | undefined;
  bankCode?: string | undefined;
  bankAccountNumber?: string | undefined;
}

/** A client's action on a VA, as the route reads it. */
export interface VaActionBody extends VaRef {
  merchant_id?: string | undefined;
  reason?: VaacCode | undefined;
}

/** Moves a VA (disable, enable, close) with its audit entry and postback, in `tx`. */
export async function changeStatus(
  c: VaContext,
  tx: Tx,
  v: repo.VaRecord,
  action: VaAction,
  reason: VaacCode | undefined,
  actor: { id: string; type: 'admin' | 'user'; ip: string; userAgent: string },
) {
  const to = vaActionTarget(action);
  if (v.status === 'closed') throw new DomainError('VA_CLOSED');
  if (!canVaTransition(v.status, to))
    throw new DomainError('VA_ACTION_NOT_ALLOWED', { status: v.status, action: to });
  const now = c.clock.now();
  const updated = await repo.updateVa(tx, v.id, {
    status: to,
    reason: reason ?? null,
    ...(to === 'disabled' ? { disabledOn: now } : {}),
    ...(to === 'closed' ? { closedOn: now } : {}),
    ...(to === 'active' ? { disabledOn: null } : {}),
  });
  const shown = await viewOf(c, tx, updated);
  await appendAudit(tx, {
    actorType: actor.type,
    actorId: actor.id,
    action: `va_${action}`,
    subjectType: 'virtual_account',
    subjectId: String(v.id),
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: { number: v.number, from: v.status, to, reason: reason ?? null },
  });
  await enqueuePostback(tx, {
    merchantId: v.merchantId,
    type: 'virtualAccountAction',
    event: to,
    subjectId: String(v.id),
    payload: { action, reason: reason ?? null, virtual_account: shown },
    createdAt: now,
  });
  return shown;
}

/** What the user confirms for an action on a VA. */
export function actionSubject(
  action: VaAction,
  walletId: number,
  b: VaRef & { reason?: string | undefined },
) {
  return {
    action,
    wallet: walletId,
    reason: b.reason ?? null,
    iban: b.iban?.replace(/\s/g, '').toUpperCase() ?? null,
    bankCode: b.bankCode ?? null,
    account: b.bankAccountNumber ?? null,
  };
}

export async function lockedVaOfWallet(
  c: VaContext,
  tx: DbOrTx,
  merchantId: string,
  walletId: number,
  b: VaRef,
) {
  const w = await c.wallets().getWalletForMerchant(tx, merchantId, walletId);
  if (!b.iban && !(b.bankCode && b.bankAccountNumber)) throw new DomainError('VA_NOT_FOUND');
  const v = await repo.findVaOfWallet(tx, w.id, {
    iban: b.iban?.replace(/\s/g, '').toUpperCase(),
    bankCode: b.bankCode?.replace(/[\s-]/g, ''),
    accNumber: b.bankAccountNumber?.replace(/[\s-]/g, ''),
  });
  if (!v || v.merchantId !== merchantId) throw new DomainError('VA_NOT_FOUND');
  return v;
}

/** The client may take this action, with this reason, on this VA. */
export function checkClientAction(
  p: UserPrincipal,
  v: repo.VaRecord,
  action: VaAction,
  reason: VaacCode | undefined,
) {
  requireRight(p, v.clientType);
  if (v.status === 'closed') throw new DomainError('VA_CLOSED');
  if (!reasonFitsAction(action, reason))
    throw new DomainError('VA_REASON_NOT_ALLOWED', { reason: reason ?? '—' });
  if (action !== 'enable') {
    const allowed: readonly string[] = VAAC_CLIENT_CODES[action];
    if (!allowed.includes(reason ?? ''))
      throw new DomainError('VA_REASON_NOT_ALLOWED', { reason: reason ?? '—' });
  }
}

/** Banking details of a VA; 'syncing' until the simulated sync is done, then the request is accepted. */
export async function vaInfo(c: VaContext, p: UserPrincipal, walletId: number, vaId: number) {
  const merchantId = companyOf(p);
  const w = await c.wallets().getWalletForMerchant(c.db, merchantId, walletId);
  const v = await repo.findVa(c.db, vaId, merchantId);
  if (!v || v.walletId !== w.id) throw new DomainError('VA_NOT_FOUND');
  if (c.clock.now() < v.detailsReadyAt) throw new DomainError('VA_BANKING_DETAILS_SYNCING');
  await inTransaction(c.db, async (tx) => {
    const r = await repo.findRequest(tx, v.requestUuid, merchantId, true);
    if (r?.status === 'allocated')
      await moveRequest(c, tx, r, 'accepted', p.userId, {}, 'banking details synced');
  });
  return viewOf(c, c.db, v);
}

/** A client's confirmed action on a VA of its wallet. */
export async function clientAction(
  c: VaContext,
  ctx: Ctx,
  action: VaAction,
  walletId: number,
  body: VaActionBody,
  proof: ScaProof,
) {
  const merchantId = companyOf(ctx.principal);
  if (body.merchant_id && body.merchant_id !== merchantId) throw new DomainError('VA_NOT_FOUND');
  const before = await lockedVaOfWallet(c, c.db, merchantId, walletId, body);
  checkClientAction(ctx.principal, before, action, body.reason);
  const { step } = await verify(c, ctx, 'va_action', actionSubject(action, walletId, body), proof);
  return inTransaction(c.db, async (tx) => {
    const v = await lockedVaOfWallet(c, tx, merchantId, walletId, body);
    await c.confirmations().consume(tx, {
      userId: ctx.principal.userId,
      challengeId: proof.challengeId,
      step,
      subjectRef: `va:${v.id}`,
    });
    return changeStatus(c, tx, v, action, body.reason, {
      id: ctx.principal.userId,
      type: 'user',
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
  });
}
