import type {
  HostedPaymentView,
  PaymentRequestCreate,
  PaymentRequestListFilter,
  PaymentRequestVa,
  PaymentRequestView,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { cancelRequest, refundRequest } from './payment-requests-actions.ts';
import { type Ctx, merchantOf, type PaymentRow, type PrContext } from './payment-requests-context.ts';
import { createRequest, sendEmail } from './payment-requests-create.ts';
import { expireDue } from './payment-requests-expiry.ts';
import { candidates, matchByHand, matchIncoming } from './payment-requests-payins.ts';
import { collectingVas, getRequest, hosted, listRequests } from './payment-requests-views.ts';

export { AMOUNT_TEXT } from './payment-requests-create.ts';

/**
 * The MerchantService pay-in terminal (issue 14): payment requests, their public hosted page, and
 * the matching of incoming pay-ins by the unique reference. Every state change writes a `payin`
 * postback (a `refund` one for refunds) and an audit entry in its transaction.
 *
 * Each use case lives in its own file (payment-requests-views, -create, -actions, -payins, -expiry)
 * as functions of one `PrContext` built here; the methods below delegate to them.
 */
export function createPaymentRequestsService(deps: AppDeps) {
  const c: PrContext = {
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    mail: deps.mail,
    payments: () => service(deps, 'payments'),
  };

  return {
    merchantOf: (principal: UserPrincipal): Promise<string> => merchantOf(c, principal),

    create: (ctx: Ctx, input: PaymentRequestCreate): Promise<PaymentRequestView> =>
      createRequest(c, ctx, input),

    list: (principal: UserPrincipal, page: number, rows: number, filter: PaymentRequestListFilter) =>
      listRequests(c, principal, page, rows, filter),

    /** Active VAs of the company whose account holds the currency: where a request may collect. */
    virtualAccounts: (principal: UserPrincipal, currency: string): Promise<PaymentRequestVa[]> =>
      collectingVas(c, principal, currency),

    get: (principal: UserPrincipal, id: string) => getRequest(c, principal, id),

    cancel: (ctx: Ctx, id: string): Promise<PaymentRequestView> => cancelRequest(c, ctx, id),

    /** Refunds every pay-in received on the request, then marks it refunded (once). */
    refund: (ctx: Ctx, id: string, comments: string): Promise<PaymentRequestView> =>
      refundRequest(c, ctx, id, comments),

    sendEmail: (ctx: Ctx, id: string): Promise<PaymentRequestView> => sendEmail(c, ctx, id),

    candidates: (principal: UserPrincipal, id: string) => candidates(c, principal, id),

    /** Matching by hand: an unmatched settled pay-in of the company, same currency, to a payable request. */
    match: (ctx: Ctx, id: string, paymentId: string): Promise<PaymentRequestView> =>
      matchByHand(c, ctx, id, paymentId),

    /** Pay-in listener: in the crediting transaction, matches the pay-in by the reference it quotes. */
    matchIncoming: (tx: Tx, p: PaymentRow, remittance: string | null): Promise<void> =>
      matchIncoming(c, tx, p, remittance),

    hosted: (token: string): Promise<HostedPaymentView> => hosted(c, token),

    /** Open (and partially paid) requests past their expiry become expired, each with its postback. */
    expireDue: (): Promise<number> => expireDue(c),
  };
}
export type PaymentRequestsService = ReturnType<typeof createPaymentRequestsService>;
