import {
  bicOfWalletIban,
  epcQrPayload,
  fromMinor,
  type HostedPaymentView,
  isCurrencyCode,
  PAYABLE_REQUEST_STATUSES,
  type PaymentRequestListFilter,
  type PaymentRequestPayin,
  type PaymentRequestVa,
  type PaymentRequestView,
  paymentRequestListFilterSchema,
  requestActions,
} from '@portal/domain';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { linkOf, merchantOf, type PrContext } from './payment-requests-context.ts';
import * as repo from './payment-requests.repo.ts';

export function vaView(v: repo.RequestVaRow): PaymentRequestVa {
  return {
    id: String(v.id),
    number: v.number,
    iban: v.iban,
    sort_code: v.sortCode,
    account_number: v.accNumber,
    customer_name: v.customerName,
  };
}

/** Views of requests with their virtual accounts (one query for all of them). */
async function views(c: PrContext, rows: repo.RequestRow[]): Promise<PaymentRequestView[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.virtualAccountId === null ? [] : [r.virtualAccountId])))];
  const vas = new Map((await repo.vasByIds(c.db, ids)).map((v) => [v.id, v] as const));
  return rows.map((r) => {
    const v = r.virtualAccountId === null ? undefined : vas.get(r.virtualAccountId);
    return view(c, r, v ? vaView(v) : null);
  });
}

export const viewOne = async (c: PrContext, r: repo.RequestRow) =>
  (await views(c, [r]))[0] as PaymentRequestView;

export function view(c: PrContext, r: repo.RequestRow, va: PaymentRequestVa | null): PaymentRequestView {
  const money = (v: bigint) => (isCurrencyCode(r.currency) ? fromMinor(v, r.currency) : v.toString());
  return {
    id: r.id,
    status: r.status,
    reference: r.reference,
    payment_reference: r.paymentReference,
    description: r.description,
    currency: r.currency,
    amount: r.amount === null ? null : money(r.amount),
    paid_amount: money(r.paidAmount),
    customer_name: r.customerName,
    customer_email: r.customerEmail,
    customer_language: r.customerLanguage,
    expires_at: r.expiresAt.toISOString(),
    created_at: r.createdAt.toISOString(),
    paid_at: r.paidAt?.toISOString() ?? null,
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
    emailed_at: r.emailedAt?.toISOString() ?? null,
    late_payment: r.latePayment,
    wallet_id: String(r.walletId),
    virtual_account: va,
    link: linkOf(c, r.token),
    actions: requestActions(r.status, r.paidAmount),
  };
}

async function payinViews(c: PrContext, requestId: string): Promise<PaymentRequestPayin[]> {
  const rows = await repo.payinsOf(c.db, requestId);
  return rows.map((p) => ({
    payment_id: p.paymentId,
    amount: isCurrencyCode(p.currency) ? fromMinor(p.amount, p.currency) : p.amount.toString(),
    currency: p.currency,
    payer_name: p.payerName,
    payer_iban: p.payerIban,
    matched_by: p.matchedBy,
    late: p.late,
    matched_at: p.matchedAt.toISOString(),
    refunded: Boolean(p.refunded),
  }));
}

async function hostedView(c: PrContext, r: repo.RequestRow): Promise<HostedPaymentView> {
  const company = await repo.serviceCodeOf(c.db, r.merchantId);
  const va = r.virtualAccountId === null ? undefined : (await repo.vasByIds(c.db, [r.virtualAccountId]))[0];
  // A VA without an IBAN (UK sort code + account) is paid by its account number.
  const iban = va ? (va.iban ?? '') : ((await repo.ibanOfWallet(c.db, r.walletId)) ?? '');
  // A wallet IBAN's BIC is the one every other document shows; a VA's is its group's.
  const bic = va ? va.bic : (bicOfWalletIban(iban) ?? '');
  const beneficiary = company?.name ?? '';
  const payable = PAYABLE_REQUEST_STATUSES.includes(r.status) && r.expiresAt > c.clock.now();
  const money = (v: bigint) => (isCurrencyCode(r.currency) ? fromMinor(v, r.currency) : v.toString());
  let epc: string | null = null;
  if (r.currency === 'EUR' && iban && payable) {
    const due = r.amount === null ? null : r.amount - r.paidAmount;
    epc = epcQrPayload({
      name: beneficiary,
      iban,
      bic,
      amountMinor: due !== null && due > 0n ? due : null,
      remittance: r.paymentReference,
    });
  }
  return {
    merchant_name: beneficiary,
    status: payable || !PAYABLE_REQUEST_STATUSES.includes(r.status) ? r.status : 'expired',
    payable,
    currency: r.currency,
    amount: r.amount === null ? null : money(r.amount),
    paid_amount: money(r.paidAmount),
    description: r.description,
    merchant_reference: r.reference,
    customer_name: r.customerName,
    language: r.customerLanguage,
    expires_at: r.expiresAt.toISOString(),
    beneficiary_name: beneficiary,
    iban,
    bic,
    sort_code: va && !va.iban ? va.sortCode : null,
    account_number: va && !va.iban ? va.accNumber : null,
    virtual_account: Boolean(va),
    payment_reference: r.paymentReference,
    epc_qr: epc,
    simulator: c.config.simulator,
  };
}

async function byToken(c: PrContext, token: string) {
  const r = await repo.findByToken(c.db, token);
  if (!r) throw new DomainError('PAYMENT_LINK_INVALID');
  return r;
}

export async function listRequests(
  c: PrContext,
  principal: UserPrincipal,
  page: number,
  rows: number,
  filter: PaymentRequestListFilter,
) {
  const merchantId = await merchantOf(c, principal);
  const f = paymentRequestListFilterSchema.parse(filter);
  const { rows: list, total } = await repo.listRequests(c.db, {
    merchantId,
    ...(f.status ? { status: f.status } : {}),
    ...(f.currency ? { currency: f.currency } : {}),
    ...(f.search ? { search: f.search } : {}),
    order: f.sort_order,
    limit: rows,
    offset: (page - 1) * rows,
  });
  return { payment_requests: await views(c, list), total };
}

/** Active VAs of the company whose account holds the currency: where a request may collect. */
export async function collectingVas(
  c: PrContext,
  principal: UserPrincipal,
  currency: string,
): Promise<PaymentRequestVa[]> {
  const merchantId = await merchantOf(c, principal);
  return (await repo.activeVasFor(c.db, merchantId, currency)).map(vaView);
}

export async function getRequest(c: PrContext, principal: UserPrincipal, id: string) {
  const merchantId = await merchantOf(c, principal);
  const r = await repo.findRequest(c.db, id, merchantId);
  if (!r) throw new DomainError('PAYMENT_REQUEST_NOT_FOUND');
  return { payment_request: await viewOne(c, r), payins: await payinViews(c, r.id) };
}

/** The public hosted page of a link. */
export async function hosted(c: PrContext, token: string): Promise<HostedPaymentView> {
  return hostedView(c, await byToken(c, token));
}
