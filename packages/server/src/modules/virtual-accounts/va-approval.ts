import {
  canVaRequestTransition,
  legalNameForRails,
  VA_DETAILS_SYNC_MS,
  type VaCheckRuleCode,
  type VaRequestDetails,
  type VaRequestStatus,
  vaCustomerName,
  vaNumber,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import type { VaContext } from './va-context.ts';
import { view } from './va-views.ts';
import * as repo from './va.repo.ts';

/** Simulated compliance screening: names on the provider's test watch-list fail (docs/decisions.md). */
const COMPLIANCE_WATCHLIST = /\b(sanction(ed)?|blocked|watchlist)\b/i;

/** Moves a request to `to` (if its status allows) and writes the history event, in `tx`. */
export async function moveRequest(
  c: VaContext,
  tx: Tx,
  r: repo.VaRequestRecord,
  to: VaRequestStatus,
  actorId: string | null,
  patch: Partial<repo.VaRequestRecord> = {},
  note: string | null = null,
) {
  if (!canVaRequestTransition(r.status, to))
    throw new DomainError('VA_REQUEST_NOT_OPEN', { status: r.status });
  const at = c.clock.now();
  const row = await repo.updateRequest(tx, r.uuid, { ...patch, status: to, updatedAt: at });
  await repo.addRequestEvent(tx, { requestUuid: r.uuid, status: to, note, actorId, at });
  return row;
}

/**
 * Gives an approved request its VA from the company's groups (the chosen one, else the first with
 * free numbers). Same customer id: the live VA is reused unless forceNewIban or the company's
 * new_iban_same_id_forced_creation says to allocate a new one.
 */
async function allocate(c: VaContext, tx: Tx, r: repo.VaRequestRecord, actorId: string | null) {
  const d = r.details as VaRequestDetails;
  const now = c.clock.now();
  const groups = (await repo.groupsOf(tx, r.merchantId)).filter(
    (g) => d.ibans_group_id === undefined || g.id === d.ibans_group_id,
  );
  if (groups.length === 0) throw new DomainError('VA_NO_GROUPS');
  const flags = await repo.merchantFlags(tx, r.merchantId);
  const forceNew = d.force_new_iban || flags?.forceSameId === true;
  if (!forceNew) {
    for (const g of groups) {
      const existing = await repo.liveVaOfCustomer(tx, r.merchantId, g.id, r.clientCustomerId);
      if (existing && existing.walletId === r.walletId) return { va: existing, group: g, reused: true };
    }
  }
  for (const g of groups) {
    const serial = await repo.takeSerial(tx, g.id);
    if (serial === null) continue;
    const n = vaNumber(
      {
        checkRuleCode: g.checkRuleCode as VaCheckRuleCode,
        country: g.country,
        bankLetters: g.bankLetters,
        prefix: g.prefix,
      },
      serial,
    );
    const holder = legalNameForRails(vaCustomerName(d));
    if (holder === '') throw new DomainError('VA_ACCOUNT_HOLDER_DATA_ABSENT', { field: 'accHolderName' });
    if (g.checkRuleCode === 'SEPA_UK_ACCOUNT' && !d.address?.zip)
      throw new DomainError('VA_ACCOUNT_HOLDER_DATA_ABSENT', { field: 'address.zip' });
    const isFlagged = d.compliance_check_type !== 'none' && COMPLIANCE_WATCHLIST.test(vaCustomerName(d));
    const va = await repo.insertVa(tx, {
      merchantId: r.merchantId,
      walletId: r.walletId,
      groupId: g.id,
      serial,
      requestUuid: r.uuid,
      number: n.number,
      iban: n.iban,
      bankCode: n.bankCode,
      sortCode: n.sortCode,
      bsbCode: n.bsbCode,
      accNumber: n.accNumber,
      country: g.country,
      checkRuleCode: g.checkRuleCode,
      level: g.level,
      clientType: r.clientType,
      clientCustomerId: r.clientCustomerId,
      clientCustomerName: vaCustomerName(d),
      accHolderName: holder,
      companyNumber: d.client_type === 'corporate' ? d.incorporation_number : null,
      status: 'active',
      complianceWarning: isFlagged,
      detailsReadyAt: new Date(now.getTime() + VA_DETAILS_SYNC_MS),
      createdAt: now,
    });
    if (isFlagged) await repo.updateRequest(tx, r.uuid, { warning: 'VA_COMPLIANCE_CHECK_FAILED' });
    return { va, group: g, reused: false, actorId };
  }
  throw new DomainError('VA_NO_FREE_GROUPS');
}

/** Approve → allocate → postback and audit, all in the caller's transaction. */
export async function approveAndAllocate(
  c: VaContext,
  tx: Tx,
  r: repo.VaRequestRecord,
  actor: { id: string; type: 'admin' | 'user' },
  meta: { ip: string; userAgent: string },
) {
  const approved = await moveRequest(c, tx, r, 'approved', actor.id, { decidedBy: actor.id });
  const { va, group, reused } = await allocate(c, tx, approved, actor.id);
  const current = (await repo.findRequest(tx, r.uuid, null)) ?? approved;
  await moveRequest(
    c,
    tx,
    current,
    'allocated',
    actor.id,
    { virtualAccountId: va.id, groupId: group.id },
    reused ? 'existing VA of the customer' : null,
  );
  const w = await c.wallets().getWalletForMerchant(tx, r.merchantId, r.walletId);
  const shown = view(va, group, w.uuid);
  await appendAudit(tx, {
    actorType: actor.type,
    actorId: actor.id,
    action: 'va_allocated',
    subjectType: 'virtual_account',
    subjectId: String(va.id),
    ip: meta.ip,
    userAgent: meta.userAgent,
    details: { request: r.uuid, number: va.number, group: group.id, reused },
  });
  await enqueuePostback(tx, {
    merchantId: r.merchantId,
    type: 'ibanAllocation',
    event: reused ? 'reused' : 'allocated',
    subjectId: String(va.id),
    payload: { iban_request_uuid: r.uuid, virtual_account: shown },
    createdAt: c.clock.now(),
  });
  return { va, shown };
}
