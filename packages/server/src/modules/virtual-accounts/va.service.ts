import type {
  VaAction,
  VaacCode,
  VaChallengeBody,
  VaClientType,
  VaGroupBody,
  VaRequestDetails,
  vaListBodySchema,
  vaRequestListBodySchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import { clientAction, type VaActionBody, vaInfo } from './va-actions.ts';
import { type Ctx, companyOf, type VaContext } from './va-context.ts';
import type { IncomingDocument, VaDocuments } from './va-documents.ts';
import { resolveForPayIn } from './va-payins.ts';
import { cancelRequest, challenge, createCorporate, createRequest } from './va-requests.ts';
import { createGroup, decide, setGroupLimit, staffAction, staffGroups } from './va-staff.ts';
import { clientGroups, getRequest, listRequests, listVas } from './va-views.ts';

export { parseDetails } from './va-context.ts';

type ListBody = z.output<typeof vaListBodySchema>;
type RequestListBody = z.output<typeof vaRequestListBodySchema>;

/**
 * Virtual accounts: groups, requests and their confirmation, allocation, actions, the operator
 * console, and the VA lookup of pay-ins. Each use case lives in its own file (va-views, va-requests,
 * va-approval, va-actions, va-staff, va-payins) as functions of one `VaContext` built here.
 */
export function createVirtualAccountsService(deps: AppDeps, documents: VaDocuments) {
  const c: VaContext = {
    db: deps.db,
    clock: deps.clock,
    documents,
    wallets: () => service(deps, 'wallets'),
    confirmations: () => service(deps, 'confirmations'),
  };

  return {
    // ── client: lists ──────────────────────────────────────────────────────────────────────────
    groups: (p: UserPrincipal, page: number, rows: number) => clientGroups(c, p, page, rows),
    list: (p: UserPrincipal, size: number, page: number, body: ListBody) => listVas(c, p, size, page, body),
    requests: (
      p: UserPrincipal | null,
      page: number,
      rows: number,
      body: RequestListBody & { merchant_id?: string | undefined },
    ) => listRequests(c, p, page, rows, body),
    request: (p: UserPrincipal | null, uuid: string) => getRequest(c, p, uuid),

    // ── request documents ──────────────────────────────────────────────────────────────────────
    uploadDocument: (p: UserPrincipal, input: IncomingDocument) => documents.upload(p, companyOf(p), input),

    /** A document of a request: the request's company, or staff when `p` is null; else 404. */
    document: (p: UserPrincipal | null, requestUuid: string, id: string) =>
      documents.content(p ? companyOf(p) : null, requestUuid, id),

    // ── client: confirmation, request, cancel ──────────────────────────────────────────────────
    challenge: (ctx: Ctx, body: VaChallengeBody) => challenge(c, ctx, body),
    createRequest: (ctx: Ctx, type: VaClientType, rawDetails: unknown, proof: ScaProof) =>
      createRequest(c, ctx, type, rawDetails, proof),
    /** Another corporate VA for a customer already vetted in an allocated request (spec §7 ibans/create/corporate). */
    createCorporate: (
      ctx: Ctx,
      body: { merchant_id?: string | undefined; iban_request_uuid: string; iban_details: VaRequestDetails },
      proof: ScaProof,
    ) => createCorporate(c, ctx, body, proof),
    cancel: (ctx: Ctx, uuid: string) => cancelRequest(c, ctx, uuid),

    /** Banking details of a VA; 'syncing' until the simulated sync is done, then the request is accepted. */
    info: (p: UserPrincipal, walletId: number, vaId: number) => vaInfo(c, p, walletId, vaId),
    action: (ctx: Ctx, action: VaAction, walletId: number, body: VaActionBody, proof: ScaProof) =>
      clientAction(c, ctx, action, walletId, body, proof),

    // ── staff (operator console) ───────────────────────────────────────────────────────────────
    staffGroups: (merchantId: string) => staffGroups(c, merchantId),
    createGroup: (ctx: Ctx, merchantId: string, b: VaGroupBody) => createGroup(c, ctx, merchantId, b),
    setLimit: (ctx: Ctx, id: number, limit: number) => setGroupLimit(c, ctx, id, limit),
    decide: (ctx: Ctx, uuid: string, decision: 'approve' | 'decline', reason: string | undefined) =>
      decide(c, ctx, uuid, decision, reason),
    staffAction: (ctx: Ctx, id: number, action: VaAction, reason: VaacCode | undefined) =>
      staffAction(c, ctx, id, action, reason),

    // ── money in (processing hook) ─────────────────────────────────────────────────────────────
    /** Who a pay-in to a VA number belongs to; the processing service books or returns it. */
    resolveForPayIn: (dbx: Db | Tx, number: string) => resolveForPayIn(dbx, number),
  };
}
export type VirtualAccountsService = ReturnType<typeof createVirtualAccountsService>;
