import { randomUUID } from 'node:crypto';
import {
  VA_REQUEST_OPEN,
  type VaChallengeBody,
  type VaClientType,
  type VaRequestDetails,
  vaCustomerName,
} from '@portal/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import { actionSubject, checkClientAction, lockedVaOfWallet } from './va-actions.ts';
import { approveAndAllocate, moveRequest } from './va-approval.ts';
import { type Ctx, companyOf, parseDetails, requireRight, type VaContext, verify } from './va-context.ts';
import { requestView } from './va-views.ts';
import * as repo from './va.repo.ts';

/** The client's wallet a VA lands in: the company's own, active, not a customer sub-account. */
async function targetWallet(c: VaContext, dbx: DbOrTx, merchantId: string, walletUuid: string) {
  const w = await c.wallets().getWalletForMerchant(dbx, merchantId, walletUuid);
  if (w.parentId !== null) throw new DomainError('VA_CUSTOMER_ACCOUNTS_NOT_ALLOWED');
  if (w.status !== 1) throw new DomainError('VA_WALLET_NOT_ACTIVE');
  return w;
}

async function assertHasGroups(dbx: DbOrTx, merchantId: string, groupId: number | undefined) {
  if ((await repo.countGroups(dbx, merchantId)) === 0) throw new DomainError('VA_NO_GROUPS');
  if (groupId !== undefined) {
    const g = await repo.findGroup(dbx, groupId);
    if (!g || g.merchantId !== merchantId) throw new DomainError('VA_GROUP_NOT_FOUND');
  }
}

/**
 * Writes a confirmed request (status created) in `tx`: consumes the confirmation, inserts the
 * request and its first history event, and attaches the documents its details name. `stored` is
 * what the request keeps as its details.
 */
async function insertConfirmedRequest(
  c: VaContext,
  tx: Tx,
  ctx: Ctx,
  step: number,
  proof: ScaProof,
  r: {
    uuid: string;
    merchantId: string;
    walletId: number;
    type: VaClientType;
    clientCustomerId: string;
    details: VaRequestDetails;
    stored: VaRequestDetails & Record<string, unknown>;
    note?: string;
  },
) {
  await c.confirmations().consume(tx, {
    userId: ctx.principal.userId,
    challengeId: proof.challengeId,
    step,
    subjectRef: r.uuid,
  });
  const now = c.clock.now();
  const row = await repo.insertRequest(tx, {
    uuid: r.uuid,
    merchantId: r.merchantId,
    walletId: r.walletId,
    clientType: r.type,
    clientCustomerId: r.clientCustomerId,
    customerName: vaCustomerName(r.details),
    status: 'created',
    details: r.stored as unknown as Record<string, unknown>,
    groupId: r.details.ibans_group_id ?? null,
    createdBy: ctx.principal.userId,
    createdAt: now,
    updatedAt: now,
  });
  await repo.addRequestEvent(tx, {
    requestUuid: r.uuid,
    status: 'created',
    ...(r.note ? { note: r.note } : {}),
    actorId: ctx.principal.userId,
    at: now,
  });
  await c.documents.attach(tx, r.merchantId, r.uuid, r.details);
  return row;
}

/** What the user confirms for a request, and the parsed details it executes with. */
function requestSubject(
  type: VaClientType,
  walletUuid: string,
  details: VaRequestDetails,
  extra: Record<string, unknown> = {},
) {
  return { type, wallet: walletUuid, details, ...extra };
}

/** A confirmation challenge for a request or an action, checked as the confirmed call will be. */
export async function challenge(c: VaContext, ctx: Ctx, body: VaChallengeBody) {
  const merchantId = companyOf(ctx.principal);
  let subject: unknown;
  let kind: 'va_request' | 'va_action';
  let summary: Record<string, string>;
  if (body.kind === 'va_action') {
    const v = await lockedVaOfWallet(c, c.db, merchantId, body.wallet_id, body);
    checkClientAction(ctx.principal, v, body.action, body.reason);
    kind = 'va_action';
    subject = actionSubject(body.action, body.wallet_id, body);
    summary = {
      action: body.action,
      number: v.number,
      customer: v.clientCustomerName,
      reason: body.reason ?? '',
    };
  } else {
    const type: VaClientType = body.kind === 'va_request_individual' ? 'individual' : 'corporate';
    requireRight(ctx.principal, type);
    const w = await targetWallet(c, c.db, merchantId, body.iban_details.wallet_uuid);
    await assertHasGroups(c.db, merchantId, body.iban_details.ibans_group_id);
    await c.documents.check(c.db, merchantId, body.iban_details);
    kind = 'va_request';
    subject =
      body.kind === 'va_create_corporate'
        ? requestSubject(type, w.uuid, body.iban_details, { from: body.iban_request_uuid })
        : requestSubject(type, w.uuid, body.iban_details);
    // The account by its name and IBAN, as the user knows it (issue 36), never by its UUID.
    const [iban = ''] = await c.wallets().ibansOf(w.id);
    summary = { type, customer: vaCustomerName(body.iban_details), wallet: w.uiName, iban };
  }
  const ch = await c.confirmations().challenge(c.db, {
    userId: ctx.principal.userId,
    merchantId,
    kind,
    subject,
  });
  return { challenge_id: ch.id, expires_at: ch.expiresAt.toISOString(), summary };
}

/** A confirmed request for a VA; enhanced compliance sends it to pending for staff. */
export async function createRequest(
  c: VaContext,
  ctx: Ctx,
  type: VaClientType,
  rawDetails: unknown,
  proof: ScaProof,
) {
  const merchantId = companyOf(ctx.principal);
  requireRight(ctx.principal, type);
  const details = parseDetails(type, rawDetails);
  const w = await targetWallet(c, c.db, merchantId, details.wallet_uuid);
  await assertHasGroups(c.db, merchantId, details.ibans_group_id);
  await c.documents.check(c.db, merchantId, details);
  const { step } = await verify(c, ctx, 'va_request', requestSubject(type, w.uuid, details), proof);
  const uuid = randomUUID();
  await inTransaction(c.db, async (tx) => {
    await insertConfirmedRequest(c, tx, ctx, step, proof, {
      uuid,
      merchantId,
      walletId: w.id,
      type,
      clientCustomerId: details.client_customer_id,
      details,
      stored: details,
    });
    if (details.compliance_check_type === 'enhanced') {
      const r = await repo.findRequest(tx, uuid, merchantId);
      if (r) await moveRequest(c, tx, r, 'pending', null, {}, 'enhanced compliance review');
    }
    await appendAudit(tx, {
      actorType: 'user',
      actorId: ctx.principal.userId,
      action: 'va_request_created',
      subjectType: 'va_request',
      subjectId: uuid,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      details: { type, customer: details.client_customer_id, wallet: w.uuid },
    });
  });
  return requestView(c.db, uuid);
}

/** Another corporate VA for a customer already vetted in an allocated request (spec §7 ibans/create/corporate). */
export async function createCorporate(
  c: VaContext,
  ctx: Ctx,
  body: { merchant_id?: string | undefined; iban_request_uuid: string; iban_details: VaRequestDetails },
  proof: ScaProof,
) {
  if (!body.merchant_id) throw new DomainError('VA_MISSING_COMPANY_UUID');
  const merchantId = companyOf(ctx.principal);
  if (body.merchant_id !== merchantId) throw new DomainError('VA_REQUEST_NOT_FOUND');
  requireRight(ctx.principal, 'corporate');
  const details = body.iban_details;
  const source = await repo.findRequest(c.db, body.iban_request_uuid, merchantId);
  if (!source) throw new DomainError('VA_REQUEST_NOT_FOUND');
  if (source.clientType !== 'corporate' || !['allocated', 'accepted'].includes(source.status))
    throw new DomainError('VA_REGISTRANT_DATA_NOT_IMPORTED');
  const w = await targetWallet(c, c.db, merchantId, details.wallet_uuid);
  await assertHasGroups(c.db, merchantId, details.ibans_group_id);
  await c.documents.check(c.db, merchantId, details);
  const subject = requestSubject('corporate', w.uuid, details, { from: body.iban_request_uuid });
  const { step } = await verify(c, ctx, 'va_request', subject, proof);
  const uuid = randomUUID();
  const shown = await inTransaction(c.db, async (tx) => {
    const r = await insertConfirmedRequest(c, tx, ctx, step, proof, {
      uuid,
      merchantId,
      walletId: w.id,
      type: 'corporate',
      clientCustomerId: source.clientCustomerId,
      details,
      stored: { ...details, client_customer_id: source.clientCustomerId, force_new_iban: true },
      note: `from ${source.uuid}`,
    });
    const { shown: va } = await approveAndAllocate(c, tx, r, { id: ctx.principal.userId, type: 'user' }, ctx);
    return va;
  });
  return { iban_request: await requestView(c.db, uuid), virtual_account: shown };
}

/** The client cancels one of its open requests. */
export async function cancelRequest(c: VaContext, ctx: Ctx, uuid: string) {
  const merchantId = companyOf(ctx.principal);
  await inTransaction(c.db, async (tx) => {
    const r = await repo.findRequest(tx, uuid, merchantId, true);
    if (!r) throw new DomainError('VA_REQUEST_NOT_FOUND');
    requireRight(ctx.principal, r.clientType);
    if (!VA_REQUEST_OPEN.includes(r.status))
      throw new DomainError('VA_REQUEST_NOT_OPEN', { status: r.status });
    await moveRequest(c, tx, r, 'canceled', ctx.principal.userId);
    await appendAudit(tx, {
      actorType: 'user',
      actorId: ctx.principal.userId,
      action: 'va_request_canceled',
      subjectType: 'va_request',
      subjectId: uuid,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
  });
  return requestView(c.db, uuid);
}
