import {
  reasonFitsAction,
  VA_REQUEST_OPEN,
  type VaAction,
  type VaacCode,
  type VaGroupBody,
  validateVaRange,
} from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { changeStatus } from './va-actions.ts';
import { approveAndAllocate, moveRequest } from './va-approval.ts';
import type { Ctx, VaContext } from './va-context.ts';
import { groupView, requestView } from './va-views.ts';
import * as repo from './va.repo.ts';

/** The operator console's use cases: groups and their limits, decisions on requests, VA actions. */

export async function staffGroups(c: VaContext, merchantId: string) {
  return (await repo.groupsOf(c.db, merchantId)).map(groupView);
}

export async function createGroup(c: VaContext, ctx: Ctx, merchantId: string, b: VaGroupBody) {
  if (!(await repo.merchantFlags(c.db, merchantId))) throw new DomainError('NOT_FOUND');
  const range = {
    checkRuleCode: b.check_rule_code,
    country: b.country,
    bankLetters: b.bank_letters,
    prefix: b.prefix,
  };
  const problem = validateVaRange(range, b.range_from, b.range_to);
  if (problem) throw new DomainError('VA_GROUP_RANGE_INVALID', { problem });
  return inTransaction(c.db, async (tx) => {
    // One numbering space per country + bank code: a range may not overlap any group's, so
    // two groups can never hand out the same number.
    await repo.lockGroupNumbering(tx);
    const overlap = await repo.overlappingGroup(tx, {
      country: b.country,
      bankLetters: b.bank_letters,
      prefix: b.prefix,
      from: b.range_from,
      to: b.range_to,
    });
    if (overlap) throw new DomainError('VA_GROUP_RANGE_OVERLAP', { group: overlap.id });
    const g = await repo.insertGroup(tx, {
      merchantId,
      name: b.name,
      country: b.country,
      checkRuleCode: b.check_rule_code,
      level: b.level,
      bank: b.bank,
      bankAddress: b.bank_address,
      bic: b.bic,
      bankLetters: b.bank_letters,
      prefix: b.prefix,
      rangeFrom: b.range_from,
      rangeTo: b.range_to,
      nextSerial: b.range_from,
      vaLimit: b.limit,
      createdBy: ctx.principal.userId,
      createdAt: c.clock.now(),
    });
    await appendAudit(tx, {
      actorType: 'admin',
      actorId: ctx.principal.userId,
      action: 'va_group_created',
      subjectType: 'va_group',
      subjectId: String(g.id),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      details: { merchantId, ...range, from: b.range_from, to: b.range_to, limit: b.limit },
    });
    return groupView(g);
  });
}

export async function setGroupLimit(c: VaContext, ctx: Ctx, id: number, limit: number) {
  return inTransaction(c.db, async (tx) => {
    const g = await repo.setGroupLimit(tx, id, limit);
    if (!g) throw new DomainError('VA_GROUP_NOT_FOUND');
    await appendAudit(tx, {
      actorType: 'admin',
      actorId: ctx.principal.userId,
      action: 'va_group_limit',
      subjectType: 'va_group',
      subjectId: String(id),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      details: { limit },
    });
    return groupView(g);
  });
}

/** Staff approve an open request (allocating its VA) or decline it with a reason. */
export async function decide(
  c: VaContext,
  ctx: Ctx,
  uuid: string,
  decision: 'approve' | 'decline',
  reason: string | undefined,
) {
  await inTransaction(c.db, async (tx) => {
    const r = await repo.findRequest(tx, uuid, null, true);
    if (!r) throw new DomainError('VA_REQUEST_NOT_FOUND');
    if (!VA_REQUEST_OPEN.includes(r.status))
      throw new DomainError('VA_REQUEST_NOT_OPEN', { status: r.status });
    if (decision === 'decline') {
      if (!reason?.trim()) throw new DomainError('VA_DECLINE_REASON_REQUIRED');
      await moveRequest(
        c,
        tx,
        r,
        'declined',
        ctx.principal.userId,
        { declineReason: reason.trim(), decidedBy: ctx.principal.userId },
        reason.trim(),
      );
      await appendAudit(tx, {
        actorType: 'admin',
        actorId: ctx.principal.userId,
        action: 'va_request_declined',
        subjectType: 'va_request',
        subjectId: uuid,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        details: { reason: reason.trim() },
      });
      return;
    }
    await approveAndAllocate(c, tx, r, { id: ctx.principal.userId, type: 'admin' }, ctx);
  });
  return requestView(c.db, uuid);
}

export async function staffAction(
  c: VaContext,
  ctx: Ctx,
  id: number,
  action: VaAction,
  reason: VaacCode | undefined,
) {
  return inTransaction(c.db, async (tx) => {
    const v = await repo.findVa(tx, id, null, true);
    if (!v) throw new DomainError('VA_NOT_FOUND');
    if (v.status === 'closed') throw new DomainError('VA_CLOSED');
    if (!reasonFitsAction(action, reason))
      throw new DomainError('VA_REASON_NOT_ALLOWED', { reason: reason ?? '—' });
    return changeStatus(c, tx, v, action, reason, {
      id: ctx.principal.userId,
      type: 'admin',
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
  });
}
