import {
  corporateVaRequestSchema,
  individualVaRequestSchema,
  VA_REQUEST_RIGHT,
  type VaClientType,
  type VaRequestDetails,
} from '@portal/domain';
import type { AppDeps, ServiceRegistry } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { zodFields } from '../../http/register.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import type { VaDocuments } from './va-documents.ts';

export type Ctx = RequestContext<UserPrincipal>;

/**
 * What every VA use case (va-views, va-approval, va-actions, va-requests, va-staff, va-payins) runs
 * with, built once by `createVirtualAccountsService`. Other modules' services are looked up when a
 * use case calls them, as before the split.
 */
export interface VaContext {
  db: AppDeps['db'];
  clock: AppDeps['clock'];
  documents: VaDocuments;
  wallets: () => ServiceRegistry['wallets'];
  confirmations: () => ServiceRegistry['confirmations'];
}

export function companyOf(p: UserPrincipal): string {
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

export function requireRight(p: UserPrincipal, type: VaClientType) {
  if (p.rights.has(VA_REQUEST_RIGHT[type])) return;
  throw new DomainError(type === 'individual' ? 'NO_RIGHTS_VA_INDIVIDUAL' : 'NO_RIGHTS_VA_CORPORATE');
}

/** Checks the user's confirmation of a request or an action (consumed later, in the write's transaction). */
export async function verify(
  c: VaContext,
  ctx: Ctx,
  kind: 'va_request' | 'va_action',
  subject: unknown,
  proof: ScaProof,
) {
  return c.confirmations().verify(c.db, {
    userId: ctx.principal.userId,
    merchantId: companyOf(ctx.principal),
    kind,
    subject,
    proof,
    meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: ctx.principal.sessionId },
  });
}
