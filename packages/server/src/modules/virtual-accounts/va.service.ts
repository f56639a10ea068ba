import { randomUUID } from 'node:crypto';
import {
  canVaRequestTransition,
  canVaTransition,
  checkListFilter,
  corporateVaRequestSchema,
  individualVaRequestSchema,
  legalNameForRails,
  likePattern,
  reasonFitsAction,
  VA_DETAILS_SYNC_MS,
  VA_REQUEST_OPEN,
  VA_REQUEST_RIGHT,
  type VaAction,
  type VaacCode,
  type VaChallengeBody,
  type VaCheckRuleCode,
  type VaClientType,
  type VaGroupBody,
  type VaRequestDetails,
  type VaRequestStatus,
  vaActionTarget,
  VAAC_CLIENT_CODES,
  vaCustomerName,
  vaNumber,
  validateVaRange,
  type VirtualAccount,
  type vaListBodySchema,
  type vaRequestListBodySchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { zodFields } from '../../http/register.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import type { IncomingDocument, VaDocuments } from './va-documents.ts';
import * as repo from './va.repo.ts';

type Ctx = RequestContext<UserPrincipal>;
type ListBody = z.output<typeof vaListBodySchema>;
type RequestListBody = z.output<typeof vaRequestListBodySchema>;

/** Simulated compliance screening: names on the provider's test watch-list fail (docs/decisions.md). */
const COMPLIANCE_WATCHLIST = /\b(sanction(ed)?|blocked|watchlist)\b/i;

function companyOf(p: UserPrincipal): string {
  if (!p.merchantId) throw new DomainError('FORBIDDEN');
  return p.merchantId;
}

/** iban_details of a request kind, parsed by the domain schema; field errors as codes. */
export function parseDetails(type: VaClientType, raw: unknown): VaRequestDetails {
  const schema = type === 'individual' ? individualVaRequestSchema : corporateVaRequestSchema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new DomainError('VALIDATION', {}, { fields: zodFields(parsed.error, 'iban_details') });
  return parsed.data;
}

function requireRight(p: UserPrincipal, type: VaClientType) {
  if (p.rights.has(VA_REQUEST_RIGHT[type])) return;
  throw new DomainError(type === 'individual' ? 'NO_RIGHTS_VA_INDIVIDUAL' : 'NO_RIGHTS_VA_CORPORATE');
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createVirtualAccountsService(deps: AppDeps, documents: VaDocuments) {
  const { db, clock } = deps;
  const wallets = () => service(deps, 'wallets');
  const confirmations = () => service(deps, 'confirmations');

  function view(v: repo.VaRecord, g: repo.VaGroupRow, walletUuid: string): VirtualAccount {
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

  async function viewOf(dbx: DbOrTx, v: repo.VaRecord) {
    const g = await repo.findGroup(dbx, v.groupId);
    if (!g) throw new Error('VA group vanished');
    const w = await wallets().getWalletForMerchant(dbx, v.merchantId, v.walletId);
    return view(v, g, w.uuid);
  }

  function groupView(g: repo.VaGroupRow) {
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

  async function requestView(dbx: DbOrTx, uuid: string) {
    const row = await repo.requestRow(dbx, uuid);
    if (!row) throw new DomainError('VA_REQUEST_NOT_FOUND');
    return requestRowView(row);
  }

  async function requestDetail(dbx: DbOrTx, uuid: string, merchantId: string | null) {
    const r = await repo.findRequest(dbx, uuid, merchantId);
    if (!r) throw new DomainError('VA_REQUEST_NOT_FOUND');
    const events = await repo.requestEvents(dbx, uuid);
    return {
      ...(await requestView(dbx, uuid)),
      details: r.details,
      documents: await documents.list(dbx, uuid),
      events: events.map((e) => ({ status: e.status, at: e.at.toISOString(), note: e.note })),
    };
  }

  async function moveRequest(
    tx: Tx,
    r: repo.VaRequestRecord,
    to: VaRequestStatus,
    actorId: string | null,
    patch: Partial<repo.VaRequestRecord> = {},
    note: string | null = null,
  ) {
    if (!canVaRequestTransition(r.status, to))
      throw new DomainError('VA_REQUEST_NOT_OPEN', { status: r.status });
    const at = clock.now();
    const row = await repo.updateRequest(tx, r.uuid, { ...patch, status: to, updatedAt: at });
    await repo.addRequestEvent(tx, { requestUuid: r.uuid, status: to, note, actorId, at });
    return row;
  }

  /** The client's wallet a VA lands in: the company's own, active, not a customer sub-account. */
  async function targetWallet(dbx: DbOrTx, merchantId: string, walletUuid: string) {
    const w = await wallets().getWalletForMerchant(dbx, merchantId, walletUuid);
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
   * Gives an approved request its VA from the company's groups (the chosen one, else the first with
   * free numbers). Same customer id: the live VA is reused unless forceNewIban or the company's
   * new_iban_same_id_forced_creation says to allocate a new one.
   */
  async function allocate(tx: Tx, r: repo.VaRequestRecord, actorId: string | null) {
    const d = r.details as VaRequestDetails;
    const now = clock.now();
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
  async function approveAndAllocate(
    tx: Tx,
    r: repo.VaRequestRecord,
    actor: { id: string; type: 'admin' | 'user' },
    meta: { ip: string; userAgent: string },
  ) {
    const approved = await moveRequest(tx, r, 'approved', actor.id, { decidedBy: actor.id });
    const { va, group, reused } = await allocate(tx, approved, actor.id);
    const current = (await repo.findRequest(tx, r.uuid, null)) ?? approved;
    await moveRequest(
      tx,
      current,
      'allocated',
      actor.id,
      { virtualAccountId: va.id, groupId: group.id },
      reused ? 'existing VA of the customer' : null,
    );
    const w = await wallets().getWalletForMerchant(tx, r.merchantId, r.walletId);
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
      createdAt: clock.now(),
    });
    return { va, shown };
  }

  async function changeStatus(
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
    const now = clock.now();
    const updated = await repo.updateVa(tx, v.id, {
      status: to,
      reason: reason ?? null,
      ...(to === 'disabled' ? { disabledOn: now } : {}),
      ...(to === 'closed' ? { closedOn: now } : {}),
      ...(to === 'active' ? { disabledOn: null } : {}),
    });
    const shown = await viewOf(tx, updated);
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

  /**
   * Writes a confirmed request (status created) in `tx`: consumes the confirmation, inserts the
   * request and its first history event, and attaches the documents its details name. `stored` is
   * what the request keeps as its details.
   */
  async function insertConfirmedRequest(
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
    await confirmations().consume(tx, {
      userId: ctx.principal.userId,
      challengeId: proof.challengeId,
      step,
      subjectRef: r.uuid,
    });
    const now = clock.now();
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
    await documents.attach(tx, r.merchantId, r.uuid, r.details);
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

  function actionSubject(
    action: VaAction,
    walletId: number,
    b: {
      reason?: string | undefined;
      iban?: string | undefined;
      bankCode?: string | undefined;
      bankAccountNumber?: string | undefined;
    },
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

  async function verify(ctx: Ctx, kind: 'va_request' | 'va_action', subject: unknown, proof: ScaProof) {
    return confirmations().verify(db, {
      userId: ctx.principal.userId,
      merchantId: companyOf(ctx.principal),
      kind,
      subject,
      proof,
      meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: ctx.principal.sessionId },
    });
  }

  async function lockedVaOfWallet(
    tx: DbOrTx,
    merchantId: string,
    walletId: number,
    b: { iban?: string | undefined; bankCode?: string | undefined; bankAccountNumber?: string | undefined },
  ) {
    const w = await wallets().getWalletForMerchant(tx, merchantId, walletId);
    if (!b.iban && !(b.bankCode && b.bankAccountNumber)) throw new DomainError('VA_NOT_FOUND');
    const v = await repo.findVaOfWallet(tx, w.id, {
      iban: b.iban?.replace(/\s/g, '').toUpperCase(),
      bankCode: b.bankCode?.replace(/[\s-]/g, ''),
      accNumber: b.bankAccountNumber?.replace(/[\s-]/g, ''),
    });
    if (!v || v.merchantId !== merchantId) throw new DomainError('VA_NOT_FOUND');
    return v;
  }

  function checkClientAction(
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

  return {
    // ── client: lists ──────────────────────────────────────────────────────────────────────────
    async groups(p: UserPrincipal, page: number, rows: number) {
      const merchantId = companyOf(p);
      const [list, quantity] = await Promise.all([
        repo.groupsOf(db, merchantId, rows, (page - 1) * rows),
        repo.countGroups(db, merchantId),
      ]);
      return { iban_groups: list.map(groupView), quantity };
    },

    async list(p: UserPrincipal, size: number, page: number, body: ListBody) {
      const merchantId = companyOf(p);
      const w = await wallets().getWalletForMerchant(db, merchantId, body.wallet_id);
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
      const { rows, quantity } = await repo.listVas(db, {
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
        const g = await repo.findGroup(db, id);
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
    },

    async requests(
      p: UserPrincipal | null,
      page: number,
      rows: number,
      body: RequestListBody & { merchant_id?: string | undefined },
    ) {
      const merchantId = p ? companyOf(p) : body.merchant_id;
      let walletId: number | undefined;
      if (p && body.wallet_id)
        walletId = (await wallets().getWalletForMerchant(db, companyOf(p), body.wallet_id)).id;
      const { rows: list, quantity } = await repo.listRequests(db, {
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
    },

    async request(p: UserPrincipal | null, uuid: string) {
      return requestDetail(db, uuid, p ? companyOf(p) : null);
    },

    // ── request documents ──────────────────────────────────────────────────────────────────────
    uploadDocument: (p: UserPrincipal, input: IncomingDocument) => documents.upload(p, companyOf(p), input),

    /** A document of a request: the request's company, or staff when `p` is null; else 404. */
    document: (p: UserPrincipal | null, requestUuid: string, id: string) =>
      documents.content(p ? companyOf(p) : null, requestUuid, id),

    // ── client: confirmation, request, cancel ──────────────────────────────────────────────────
    async challenge(ctx: Ctx, body: VaChallengeBody) {
      const merchantId = companyOf(ctx.principal);
      let subject: unknown;
      let kind: 'va_request' | 'va_action';
      let summary: Record<string, string>;
      if (body.kind === 'va_action') {
        const v = await lockedVaOfWallet(db, merchantId, body.wallet_id, body);
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
        const w = await targetWallet(db, merchantId, body.iban_details.wallet_uuid);
        await assertHasGroups(db, merchantId, body.iban_details.ibans_group_id);
        await documents.check(db, merchantId, body.iban_details);
        kind = 'va_request';
        subject =
          body.kind === 'va_create_corporate'
            ? requestSubject(type, w.uuid, body.iban_details, { from: body.iban_request_uuid })
            : requestSubject(type, w.uuid, body.iban_details);
        summary = { type, customer: vaCustomerName(body.iban_details), wallet: w.uuid };
      }
      const c = await confirmations().challenge(db, {
        userId: ctx.principal.userId,
        merchantId,
        kind,
        subject,
      });
      return { challenge_id: c.id, expires_at: c.expiresAt.toISOString(), summary };
    },

    async createRequest(ctx: Ctx, type: VaClientType, rawDetails: unknown, proof: ScaProof) {
      const merchantId = companyOf(ctx.principal);
      requireRight(ctx.principal, type);
      const details = parseDetails(type, rawDetails);
      const w = await targetWallet(db, merchantId, details.wallet_uuid);
      await assertHasGroups(db, merchantId, details.ibans_group_id);
      await documents.check(db, merchantId, details);
      const { step } = await verify(ctx, 'va_request', requestSubject(type, w.uuid, details), proof);
      const uuid = randomUUID();
      await inTransaction(db, async (tx) => {
        await insertConfirmedRequest(tx, ctx, step, proof, {
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
          if (r) await moveRequest(tx, r, 'pending', null, {}, 'enhanced compliance review');
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
      return requestView(db, uuid);
    },

    /** Another corporate VA for a customer already vetted in an allocated request (spec §7 ibans/create/corporate). */
    async createCorporate(
      ctx: Ctx,
      body: { merchant_id?: string | undefined; iban_request_uuid: string; iban_details: VaRequestDetails },
      proof: ScaProof,
    ) {
      if (!body.merchant_id) throw new DomainError('VA_MISSING_COMPANY_UUID');
      const merchantId = companyOf(ctx.principal);
      if (body.merchant_id !== merchantId) throw new DomainError('VA_REQUEST_NOT_FOUND');
      requireRight(ctx.principal, 'corporate');
      const details = body.iban_details;
      const source = await repo.findRequest(db, body.iban_request_uuid, merchantId);
      if (!source) throw new DomainError('VA_REQUEST_NOT_FOUND');
      if (source.clientType !== 'corporate' || !['allocated', 'accepted'].includes(source.status))
        throw new DomainError('VA_REGISTRANT_DATA_NOT_IMPORTED');
      const w = await targetWallet(db, merchantId, details.wallet_uuid);
      await assertHasGroups(db, merchantId, details.ibans_group_id);
      await documents.check(db, merchantId, details);
      const subject = requestSubject('corporate', w.uuid, details, { from: body.iban_request_uuid });
      const { step } = await verify(ctx, 'va_request', subject, proof);
      const uuid = randomUUID();
      const shown = await inTransaction(db, async (tx) => {
        const r = await insertConfirmedRequest(tx, ctx, step, proof, {
          uuid,
          merchantId,
          walletId: w.id,
          type: 'corporate',
          clientCustomerId: source.clientCustomerId,
          details,
          stored: { ...details, client_customer_id: source.clientCustomerId, force_new_iban: true },
          note: `from ${source.uuid}`,
        });
        const { shown: va } = await approveAndAllocate(
          tx,
          r,
          { id: ctx.principal.userId, type: 'user' },
          ctx,
        );
        return va;
      });
      return { iban_request: await requestView(db, uuid), virtual_account: shown };
    },

    async cancel(ctx: Ctx, uuid: string) {
      const merchantId = companyOf(ctx.principal);
      await inTransaction(db, async (tx) => {
        const r = await repo.findRequest(tx, uuid, merchantId, true);
        if (!r) throw new DomainError('VA_REQUEST_NOT_FOUND');
        requireRight(ctx.principal, r.clientType);
        if (!VA_REQUEST_OPEN.includes(r.status))
          throw new DomainError('VA_REQUEST_NOT_OPEN', { status: r.status });
        await moveRequest(tx, r, 'canceled', ctx.principal.userId);
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
      return requestView(db, uuid);
    },

    /** Banking details of a VA; 'syncing' until the simulated sync is done, then the request is accepted. */
    async info(p: UserPrincipal, walletId: number, vaId: number) {
      const merchantId = companyOf(p);
      const w = await wallets().getWalletForMerchant(db, merchantId, walletId);
      const v = await repo.findVa(db, vaId, merchantId);
      if (!v || v.walletId !== w.id) throw new DomainError('VA_NOT_FOUND');
      if (clock.now() < v.detailsReadyAt) throw new DomainError('VA_BANKING_DETAILS_SYNCING');
      await inTransaction(db, async (tx) => {
        const r = await repo.findRequest(tx, v.requestUuid, merchantId, true);
        if (r?.status === 'allocated')
          await moveRequest(tx, r, 'accepted', p.userId, {}, 'banking details synced');
      });
      return viewOf(db, v);
    },

    async action(
      ctx: Ctx,
      action: VaAction,
      walletId: number,
      body: {
        merchant_id?: string | undefined;
        reason?: VaacCode | undefined;
        iban?: string | undefined;
        bankCode?: string | undefined;
        bankAccountNumber?: string | undefined;
      },
      proof: ScaProof,
    ) {
      const merchantId = companyOf(ctx.principal);
      if (body.merchant_id && body.merchant_id !== merchantId) throw new DomainError('VA_NOT_FOUND');
      const before = await lockedVaOfWallet(db, merchantId, walletId, body);
      checkClientAction(ctx.principal, before, action, body.reason);
      const { step } = await verify(ctx, 'va_action', actionSubject(action, walletId, body), proof);
      return inTransaction(db, async (tx) => {
        const v = await lockedVaOfWallet(tx, merchantId, walletId, body);
        await confirmations().consume(tx, {
          userId: ctx.principal.userId,
          challengeId: proof.challengeId,
          step,
          subjectRef: `va:${v.id}`,
        });
        return changeStatus(tx, v, action, body.reason, {
          id: ctx.principal.userId,
          type: 'user',
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        });
      });
    },

    // ── staff (operator console) ───────────────────────────────────────────────────────────────
    async staffGroups(merchantId: string) {
      return (await repo.groupsOf(db, merchantId)).map(groupView);
    },

    async createGroup(ctx: Ctx, merchantId: string, b: VaGroupBody) {
      if (!(await repo.merchantFlags(db, merchantId))) throw new DomainError('NOT_FOUND');
      const range = {
        checkRuleCode: b.check_rule_code,
        country: b.country,
        bankLetters: b.bank_letters,
        prefix: b.prefix,
      };
      const problem = validateVaRange(range, b.range_from, b.range_to);
      if (problem) throw new DomainError('VA_GROUP_RANGE_INVALID', { problem });
      return inTransaction(db, async (tx) => {
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
          createdAt: clock.now(),
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
    },

    async setLimit(ctx: Ctx, id: number, limit: number) {
      return inTransaction(db, async (tx) => {
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
    },

    async decide(ctx: Ctx, uuid: string, decision: 'approve' | 'decline', reason: string | undefined) {
      await inTransaction(db, async (tx) => {
        const r = await repo.findRequest(tx, uuid, null, true);
        if (!r) throw new DomainError('VA_REQUEST_NOT_FOUND');
        if (!VA_REQUEST_OPEN.includes(r.status))
          throw new DomainError('VA_REQUEST_NOT_OPEN', { status: r.status });
        if (decision === 'decline') {
          if (!reason?.trim()) throw new DomainError('VA_DECLINE_REASON_REQUIRED');
          await moveRequest(
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
        await approveAndAllocate(tx, r, { id: ctx.principal.userId, type: 'admin' }, ctx);
      });
      return requestView(db, uuid);
    },

    async staffAction(ctx: Ctx, id: number, action: VaAction, reason: VaacCode | undefined) {
      return inTransaction(db, async (tx) => {
        const v = await repo.findVa(tx, id, null, true);
        if (!v) throw new DomainError('VA_NOT_FOUND');
        if (v.status === 'closed') throw new DomainError('VA_CLOSED');
        if (!reasonFitsAction(action, reason))
          throw new DomainError('VA_REASON_NOT_ALLOWED', { reason: reason ?? '—' });
        return changeStatus(tx, v, action, reason, {
          id: ctx.principal.userId,
          type: 'admin',
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        });
      });
    },

    // ── money in (processing hook) ─────────────────────────────────────────────────────────────
    /** Who a pay-in to a VA number belongs to; the processing service books or returns it. */
    async resolveForPayIn(dbx: Db | Tx, number: string) {
      const v = await repo.findVaByNumber(dbx, number.replace(/[\s-]/g, '').toUpperCase());
      if (!v) return null;
      return {
        id: v.id,
        number: v.number,
        merchantId: v.merchantId,
        walletId: v.walletId,
        status: v.status,
        customerId: v.clientCustomerId,
        customerName: v.clientCustomerName,
        isActive: v.status === 'active',
      };
    },
  };
}
export type VirtualAccountsService = ReturnType<typeof createVirtualAccountsService>;
