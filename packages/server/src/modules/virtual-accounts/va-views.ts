import {
  checkListFilter,
  likePattern,
  type VaCheckRuleCode,
  type VirtualAccount,
  type vaListBodySchema,
  type vaRequestListBodySchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { companyOf, type VaContext } from './va-context.ts';
import * as repo from './va.repo.ts';

type ListBody = z.output<typeof vaListBodySchema>;
type RequestListBody = z.output<typeof vaRequestListBodySchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function view(v: repo.VaRecord, g: repo.VaGroupRow, walletUuid: string): VirtualAccount {
  return {
    id: String(v.id),
    iban_number: v.iban,
    number: v.number,
    bank_code: v.bankCode,
    client_customer_id: v.clientCustomerId,
    client_customer_name: v.clientCustomerName,
    bank: g.bank,
    bankAddress: g.bankAddress,
    bic: g.bic,
    bsbCode: v.bsbCode,
    sortCode: v.sortCode,
    accNumber: v.accNumber,
    accHolderName: v.accHolderName,
    companyNumber: v.companyNumber,
    walletUuid,
    ibansGroup: g.id,
    clientType: v.clientType,
    status: v.status,
    closedOn: iso(v.closedOn),
    disabledOn: iso(v.disabledOn),
    reason: v.reason,
    check_rule_code: v.checkRuleCode as VaCheckRuleCode,
    level: v.level,
    country: v.country,
    compliance_warning: v.complianceWarning,
    created: v.createdAt.toISOString(),
  };
}

export async function viewOf(c: VaContext, dbx: DbOrTx, v: repo.VaRecord) {
  const g = await repo.findGroup(dbx, v.groupId);
  if (!g) throw new Error('VA group vanished');
  const w = await c.wallets().getWalletForMerchant(dbx, v.merchantId, v.walletId);
  return view(v, g, w.uuid);
}

export function groupView(g: repo.VaGroupRow) {
  const capacity = Math.min(g.vaLimit - g.allocated, g.rangeTo - g.nextSerial + 1);
  return {
    id: g.id,
    merchant_id: g.merchantId,
    name: g.name,
    country: g.country,
    check_rule_code: g.checkRuleCode as VaCheckRuleCode,
    level: g.level,
    bank: g.bank,
    bank_address: g.bankAddress,
    bic: g.bic,
    bank_code: `${g.bankLetters}${g.prefix}`,
    range_from: g.rangeFrom,
    range_to: g.rangeTo,
    limit: g.vaLimit,
    allocated: g.allocated,
    free: Math.max(0, capacity),
    created: g.createdAt.toISOString(),
  };
}

function requestRowView(row: repo.RequestListRow) {
  return {
    uuid: row.uuid,
    merchant_id: row.merchant_id,
    company_name: row.company_name,
    wallet_uuid: row.wallet_uuid,
    client_type: row.client_type,
    client_customer_id: row.client_customer_id,
    customer_name: row.customer_name,
    status: row.status,
    decline_reason: row.decline_reason,
    warning: row.warning,
    virtual_account_id: row.virtual_account_id,
    iban_number: row.iban_number,
    created: row.created_at,
    updated: row.updated_at,
  };
}

export async function requestView(dbx: DbOrTx, uuid: string) {
  const row = await repo.requestRow(dbx, uuid);
  if (!row) throw new DomainError('VA_REQUEST_NOT_FOUND');
  return requestRowView(row);
}

async function requestDetail(c: VaContext, dbx: DbOrTx, uuid: string, merchantId: string | null) {
  const r = await repo.findRequest(dbx, uuid, merchantId);
  if (!r) throw new DomainError('VA_REQUEST_NOT_FOUND');
  const events = await repo.requestEvents(dbx, uuid);
  return {
    ...(await requestView(dbx, uuid)),
    details: r.details,
    documents: await c.documents.list(dbx, uuid),
    events: events.map((e) => ({ status: e.status, at: e.at.toISOString(), note: e.note })),
  };
}

/** The company's VA groups, a page of them. */
export async function clientGroups(c: VaContext, p: UserPrincipal, page: number, rows: number) {
  const merchantId = companyOf(p);
  const [list, quantity] = await Promise.all([
    repo.groupsOf(c.db, merchantId, rows, (page - 1) * rows),
    repo.countGroups(c.db, merchantId),
  ]);
  return { iban_groups: list.map(groupView), quantity };
}

/** VAs of one of the company's wallets; an exact IBAN filter always answers page one. */
export async function listVas(c: VaContext, p: UserPrincipal, size: number, page: number, body: ListBody) {
  const merchantId = companyOf(p);
  const w = await c.wallets().getWalletForMerchant(c.db, merchantId, body.wallet_id);
  let filter: repo.VaListQuery['filter'];
  let forcedPageOne = false;
  if (body.filter_param && body.filter_value?.trim()) {
    if (body.filter_param === 'iban_number') {
      const checked = checkListFilter('iban_number', body.filter_value);
      if (!checked.ok)
        throw new DomainError(checked.error, {}, { fields: { filter_value: 'IBAN_FILTER_INVALID' } });
      forcedPageOne = checked.forcePageOne;
      filter = {
        column: 'number',
        value: forcedPageOne ? checked.value : likePattern(checked.value),
        exact: forcedPageOne,
      };
    } else {
      filter = {
        column: body.filter_param,
        value: likePattern(body.filter_value.trim().replace(/\*/g, '%')),
        exact: false,
      };
    }
  }
  const effectivePage = forcedPageOne ? 1 : page;
  const { rows, quantity } = await repo.listVas(c.db, {
    walletId: w.id,
    ...(body.iban_status ? { status: body.iban_status } : {}),
    ...(body.iban_level !== undefined ? { level: body.iban_level } : {}),
    ...(body.iban_check_rule_code ? { checkRuleCode: body.iban_check_rule_code } : {}),
    ...(filter ? { filter } : {}),
    sort: body.sort_param,
    order: body.sort_order,
    limit: size,
    offset: (effectivePage - 1) * size,
  });
  const groups = new Map<number, repo.VaGroupRow>();
  for (const id of new Set(rows.map((r) => r.groupId))) {
    const g = await repo.findGroup(c.db, id);
    if (g) groups.set(id, g);
  }
  return {
    wallet_ibans: rows.flatMap((r) => {
      const g = groups.get(r.groupId);
      return g ? [view(r, g, w.uuid)] : [];
    }),
    quantity,
    page: effectivePage,
    forcedPageOne,
  };
}

/** VA requests: the company's when `p` is a user, any company's (or `merchant_id`'s) for staff. */
export async function listRequests(
  c: VaContext,
  p: UserPrincipal | null,
  page: number,
  rows: number,
  body: RequestListBody & { merchant_id?: string | undefined },
) {
  const merchantId = p ? companyOf(p) : body.merchant_id;
  let walletId: number | undefined;
  if (p && body.wallet_id)
    walletId = (await c.wallets().getWalletForMerchant(c.db, companyOf(p), body.wallet_id)).id;
  const { rows: list, quantity } = await repo.listRequests(c.db, {
    ...(merchantId ? { merchantId } : {}),
    ...(walletId ? { walletId } : {}),
    ...(body.request_status ? { status: body.request_status } : {}),
    ...(body.filter_param && body.filter_value?.trim()
      ? {
          filter: {
            column: body.filter_param,
            pattern: likePattern(body.filter_value.trim().replace(/\*/g, '%')),
          },
        }
      : {}),
    sort: body.sort_param ?? 'created',
    order: body.sort_order ?? 'desc',
    limit: rows,
    offset: (page - 1) * rows,
  });
  return { iban_requests: list.map(requestRowView), quantity };
}

/** One request with its details, documents and history; staff when `p` is null. */
export async function getRequest(c: VaContext, p: UserPrincipal | null, uuid: string) {
  return requestDetail(c, c.db, uuid, p ? companyOf(p) : null);
}
