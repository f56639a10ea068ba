import { randomBytes } from 'node:crypto';
import {
  bicOfWalletIban,
  type AmountError,
  checkAmountLimits,
  epcQrPayload,
  findPaymentReference,
  fromMinor,
  type HostedPaymentView,
  isCurrencyCode,
  PAYABLE_REQUEST_STATUSES,
  PAYMENT_REQUEST_MAX_AMOUNT_MINOR,
  PAYMENT_REQUEST_MAX_EXPIRY_DAYS,
  type PaymentRequestCreate,
  type PaymentRequestListFilter,
  type PaymentRequestPayin,
  type PaymentRequestVa,
  type PaymentRequestStatus,
  type PaymentRequestView,
  parseAmountInput,
  paymentReferenceFrom,
  paymentRequestCreateSchema,
  paymentRequestListFilterSchema,
  RIGHT_ACTIONS,
  requestActions,
  statusAfterPayment,
  tryToMinor,
} from '@portal/domain';
import { mailFormat } from '../../adapters/mail/format.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { payments as paymentsTable } from '../../db/schema/index.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import { paymentLinkMail } from './payment-requests.mail.ts';
import * as repo from './payment-requests.repo.ts';

type Ctx = RequestContext<UserPrincipal>;
type PaymentRow = typeof paymentsTable.$inferSelect;
type Actor = { type: 'user'; id: string; ip?: string; userAgent?: string } | { type: 'system' };

export const AMOUNT_TEXT: Record<AmountError, string> = {
  AMOUNT_REQUIRED: 'Enter an amount, or choose an open amount.',
  AMOUNT_INVALID: 'The amount must be a number such as 120.50.',
  AMOUNT_TOO_MANY_DECIMALS: 'The amount has too many decimals for this currency.',
  AMOUNT_ZERO: 'The amount must not be 0.',
  AMOUNT_NEGATIVE: 'The amount must be above 0.',
  AMOUNT_BELOW_MIN: 'The amount is below the minimum.',
  AMOUNT_ABOVE_MAX: 'The amount must not be above 999,999,999.99.',
};

const DAY_MS = 86_400_000;
/** How many requests one expiry sweep moves; the next sweep takes the rest. */
const EXPIRY_BATCH = 500;

/**
 * The MerchantService pay-in terminal (issue 14): payment requests, their public hosted page, and
 * the matching of incoming pay-ins by the unique reference. Every state change writes a `payin`
 * postback (a `refund` one for refunds) and an audit entry in its transaction.
 */
export function createPaymentRequestsService(deps: AppDeps) {
  const { db, clock } = deps;
  const linkOf = (token: string) => `${deps.config.publicUrl.replace(/\/$/, '')}/pay/${token}`;

  /** The caller's company, which must be a MerchantService one (AccountService companies are refused). */
  async function merchantOf(principal: UserPrincipal): Promise<string> {
    if (!principal.merchantId) throw new DomainError('MERCHANT_SERVICE_ONLY');
    const m = await repo.serviceCodeOf(db, principal.merchantId);
    if (m?.serviceCode !== 'MerchantService') throw new DomainError('MERCHANT_SERVICE_ONLY');
    return principal.merchantId;
  }

  function vaView(v: repo.RequestVaRow): PaymentRequestVa {
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
  async function views(rows: repo.RequestRow[]): Promise<PaymentRequestView[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.virtualAccountId === null ? [] : [r.virtualAccountId])))];
    const vas = new Map((await repo.vasByIds(db, ids)).map((v) => [v.id, v] as const));
    return rows.map((r) => {
      const v = r.virtualAccountId === null ? undefined : vas.get(r.virtualAccountId);
      return view(r, v ? vaView(v) : null);
    });
  }
  const viewOne = async (r: repo.RequestRow) => (await views([r]))[0] as PaymentRequestView;

  function view(r: repo.RequestRow, va: PaymentRequestVa | null): PaymentRequestView {
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
      link: linkOf(r.token),
      actions: requestActions(r.status, r.paidAmount),
    };
  }

  /** Postback and audit entry of one change, in the transaction that makes it. */
  async function record(
    tx: DbOrTx,
    r: repo.RequestRow,
    e: {
      event: string;
      from: PaymentRequestStatus | null;
      actor: Actor;
      type?: 'payin' | 'refund';
      paymentId?: string;
      details?: Record<string, unknown>;
    },
  ) {
    const at = clock.now();
    const money = (v: bigint) => (isCurrencyCode(r.currency) ? fromMinor(v, r.currency) : v.toString());
    await enqueuePostback(tx, {
      merchantId: r.merchantId,
      type: e.type ?? 'payin',
      event: `payment_request.${e.event}`,
      subjectId: r.id,
      createdAt: at,
      payload: {
        payment_request_id: r.id,
        status: r.status,
        previous_status: e.from,
        reference: r.reference,
        payment_reference: r.paymentReference,
        currency: r.currency,
        amount: r.amount === null ? null : money(r.amount),
        paid_amount: money(r.paidAmount),
        late_payment: r.latePayment,
        ...(e.paymentId ? { payment_id: e.paymentId } : {}),
        at: at.toISOString(),
      },
    });
    await appendAudit(tx, {
      actorType: e.actor.type,
      actorId: e.actor.type === 'user' ? e.actor.id : null,
      action: `payment_request_${e.event}`,
      subjectType: 'payment_request',
      subjectId: r.id,
      ...(e.actor.type === 'user' && e.actor.ip ? { ip: e.actor.ip } : {}),
      ...(e.actor.type === 'user' && e.actor.userAgent ? { userAgent: e.actor.userAgent } : {}),
      details: {
        status: r.status,
        previous_status: e.from,
        ...(e.paymentId ? { payment_id: e.paymentId } : {}),
        ...e.details,
      },
    });
  }

  const userActor = (ctx: Ctx): Actor => ({
    type: 'user',
    id: ctx.principal.userId,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });

  /**
   * Adds a settled pay-in to a locked request: the amount received grows; the status follows the
   * rule of `statusAfterPayment` (a closed request keeps its status and is flagged late).
   */
  async function applyPayin(
    tx: Tx,
    r: repo.RequestRow,
    p: PaymentRow,
    how: PaymentRequestPayin['matched_by'],
    actor: Actor,
  ): Promise<repo.RequestRow> {
    const now = clock.now();
    const expired = PAYABLE_REQUEST_STATUSES.includes(r.status) && r.expiresAt <= now;
    const before = expired ? await expire(tx, r) : r;
    const received = before.paidAmount + p.amount;
    const next = statusAfterPayment(before.status, before.amount, received);
    const match = await repo.insertMatch(tx, {
      paymentId: p.id,
      requestId: before.id,
      amount: p.amount,
      matchedBy: how,
      matchedByUser: actor.type === 'user' ? actor.id : null,
      late: next.late,
      matchedAt: now,
    });
    if (!match) throw new DomainError('PAYMENT_REQUEST_PAYIN_NOT_MATCHABLE');
    const updated = await repo.updateRequest(tx, before.id, {
      paidAmount: received,
      status: next.status,
      latePayment: before.latePayment || next.late,
      paidAt: before.paidAt ?? now,
      updatedAt: now,
    });
    await record(tx, updated, {
      event: next.late ? 'late_payment' : how === 'manual' ? 'matched_by_hand' : 'paid',
      from: before.status,
      actor,
      paymentId: p.id,
      details: { amount: p.amount.toString(), matched_by: how, late: next.late },
    });
    return updated;
  }

  async function expire(tx: Tx, r: repo.RequestRow): Promise<repo.RequestRow> {
    const updated = await repo.updateRequest(tx, r.id, { status: 'expired', updatedAt: clock.now() });
    await record(tx, updated, { event: 'expired', from: r.status, actor: { type: 'system' } });
    return updated;
  }

  async function lockOwn(tx: Tx, merchantId: string, id: string) {
    const r = await repo.lockRequest(tx, id, merchantId);
    if (!r) throw new DomainError('PAYMENT_REQUEST_NOT_FOUND');
    return r;
  }

  async function payinViews(requestId: string): Promise<PaymentRequestPayin[]> {
    const rows = await repo.payinsOf(db, requestId);
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

  async function mailLink(r: repo.RequestRow) {
    const company = await repo.serviceCodeOf(db, r.merchantId);
    const text = paymentLinkMail(mailFormat(r.customerLanguage), {
      merchantName: company?.name ?? '',
      customerName: r.customerName,
      amountMinor: r.amount,
      currency: r.currency,
      reference: r.reference,
      description: r.description,
      expiresAt: r.expiresAt,
      url: linkOf(r.token),
    });
    await deps.mail.send({ to: r.customerEmail, kind: 'payment-request', ...text });
  }

  async function hostedView(r: repo.RequestRow): Promise<HostedPaymentView> {
    const company = await repo.serviceCodeOf(db, r.merchantId);
    const va = r.virtualAccountId === null ? undefined : (await repo.vasByIds(db, [r.virtualAccountId]))[0];
    // A VA without an IBAN (UK sort code + account) is paid by its account number.
    const iban = va ? (va.iban ?? '') : ((await repo.ibanOfWallet(db, r.walletId)) ?? '');
    // A wallet IBAN's BIC is the one every other document shows; a VA's is its group's.
    const bic = va ? va.bic : (bicOfWalletIban(iban) ?? '');
    const beneficiary = company?.name ?? '';
    const payable = PAYABLE_REQUEST_STATUSES.includes(r.status) && r.expiresAt > clock.now();
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
      simulator: deps.config.simulator,
    };
  }

  async function byToken(token: string) {
    const r = await repo.findByToken(db, token);
    if (!r) throw new DomainError('PAYMENT_LINK_INVALID');
    return r;
  }

  return {
    merchantOf,

    async create(ctx: Ctx, input: PaymentRequestCreate): Promise<PaymentRequestView> {
      const merchantId = await merchantOf(ctx.principal);
      const body = paymentRequestCreateSchema.parse(input);
      if (!isCurrencyCode(body.currency)) throw validationError({ currency: 'Choose a currency' });
      let amount: bigint | null = null;
      if (!body.open_amount || (body.amount ?? '').trim() !== '') {
        const parsed = parseAmountInput(body.amount ?? '');
        if (!parsed.ok) throw validationError({ amount: AMOUNT_TEXT[parsed.error] });
        const minor = tryToMinor(parsed.value, body.currency);
        if (!minor.ok) throw validationError({ amount: AMOUNT_TEXT[minor.error] });
        const limit = checkAmountLimits(minor.value, { max: PAYMENT_REQUEST_MAX_AMOUNT_MINOR });
        if (limit) throw validationError({ amount: AMOUNT_TEXT[limit] });
        if (body.open_amount) throw validationError({ amount: 'An open amount has no amount.' });
        amount = minor.value;
      }
      const now = clock.now();
      const expiresAt = new Date(body.expires_at);
      if (
        !(expiresAt.getTime() > now.getTime()) ||
        expiresAt.getTime() > now.getTime() + PAYMENT_REQUEST_MAX_EXPIRY_DAYS * DAY_MS
      )
        throw new DomainError('PAYMENT_REQUEST_EXPIRY_INVALID', { days: PAYMENT_REQUEST_MAX_EXPIRY_DAYS });
      let wallet: { id: number } | undefined;
      let va: repo.RequestVaRow | undefined;
      if (body.virtual_account_id !== undefined) {
        // Collect on a VA: the company's own, active, and its wallet must hold the currency.
        va = await repo.companyVa(db, body.virtual_account_id, merchantId);
        if (!va) throw new DomainError('PAYMENT_REQUEST_VA_NOT_FOUND');
        if (va.status !== 'active')
          throw new DomainError('PAYMENT_REQUEST_VA_NOT_ACTIVE', { number: va.number, status: va.status });
        if (!(await repo.walletHoldsCurrency(db, va.walletId, body.currency)))
          throw new DomainError('PAYMENT_REQUEST_VA_CURRENCY', {
            number: va.number,
            currency: body.currency,
          });
        wallet = { id: va.walletId };
      } else {
        const w = await repo.collectionWallet(db, merchantId, body.currency);
        if (!w?.iban) throw new DomainError('PAYMENT_REQUEST_NO_WALLET', { currency: body.currency });
        wallet = w;
      }
      let created: repo.RequestRow | undefined;
      for (let attempt = 0; !created; attempt++) {
        try {
          created = await inTransaction(db, async (tx) => {
            const r = await repo.insertRequest(tx, {
              merchantId,
              walletId: wallet.id,
              virtualAccountId: va?.id ?? null,
              token: randomBytes(32).toString('base64url'),
              paymentReference: paymentReferenceFrom(randomBytes(10)),
              reference: body.reference,
              description: body.description,
              currency: body.currency,
              amount,
              customerName: body.customer_name,
              customerEmail: body.customer_email,
              customerLanguage: body.customer_language,
              expiresAt,
              createdBy: ctx.principal.userId,
              createdAt: now,
              updatedAt: now,
              ...(body.send_email ? { emailedAt: now } : {}),
            });
            await record(tx, r, { event: 'created', from: null, actor: userActor(ctx) });
            return r;
          });
        } catch (err) {
          // 10 base32 characters: a clash is astronomically rare, but a retry costs nothing.
          if (!isUniqueViolation(err) || attempt >= 3) throw err;
        }
      }
      if (body.send_email) await mailLink(created);
      return view(created, va ? vaView(va) : null);
    },

    async list(principal: UserPrincipal, page: number, rows: number, filter: PaymentRequestListFilter) {
      const merchantId = await merchantOf(principal);
      const f = paymentRequestListFilterSchema.parse(filter);
      const { rows: list, total } = await repo.listRequests(db, {
        merchantId,
        ...(f.status ? { status: f.status } : {}),
        ...(f.currency ? { currency: f.currency } : {}),
        ...(f.search ? { search: f.search } : {}),
        order: f.sort_order,
        limit: rows,
        offset: (page - 1) * rows,
      });
      return { payment_requests: await views(list), total };
    },

    /** Active VAs of the company whose account holds the currency: where a request may collect. */
    async virtualAccounts(principal: UserPrincipal, currency: string): Promise<PaymentRequestVa[]> {
      const merchantId = await merchantOf(principal);
      return (await repo.activeVasFor(db, merchantId, currency)).map(vaView);
    },

    async get(principal: UserPrincipal, id: string) {
      const merchantId = await merchantOf(principal);
      const r = await repo.findRequest(db, id, merchantId);
      if (!r) throw new DomainError('PAYMENT_REQUEST_NOT_FOUND');
      return { payment_request: await viewOne(r), payins: await payinViews(r.id) };
    },

    async cancel(ctx: Ctx, id: string): Promise<PaymentRequestView> {
      const merchantId = await merchantOf(ctx.principal);
      const updated = await inTransaction(db, async (tx) => {
        let r = await lockOwn(tx, merchantId, id);
        if (r.status === 'open' && r.expiresAt <= clock.now()) r = await expire(tx, r);
        if (r.status !== 'open')
          throw new DomainError('PAYMENT_REQUEST_ACTION_NOT_ALLOWED', {
            status: r.status,
            action: 'cancelled',
          });
        const now = clock.now();
        const u = await repo.updateRequest(tx, r.id, {
          status: 'cancelled',
          cancelledAt: now,
          updatedAt: now,
        });
        await record(tx, u, { event: 'cancelled', from: r.status, actor: userActor(ctx) });
        return u;
      });
      return viewOne(updated);
    },

    /**
     * Refunds every pay-in received on the request, each through the payments refund (full amount,
     * once, the refund right, the rail's availability), then marks the request refunded with its
     * `refund` postback and audit entry. A second call finds nothing left and is refused.
     */
    async refund(ctx: Ctx, id: string, comments: string): Promise<PaymentRequestView> {
      const merchantId = await merchantOf(ctx.principal);
      if (!ctx.principal.rights.has(RIGHT_ACTIONS.refund)) throw new DomainError('NO_RIGHTS_REFUND');
      const r = await repo.findRequest(db, id, merchantId);
      if (!r) throw new DomainError('PAYMENT_REQUEST_NOT_FOUND');
      if (r.status === 'refunded') throw new DomainError('REFUND_ALREADY_DONE');
      if (r.paidAmount <= 0n) throw new DomainError('PAYMENT_REQUEST_NOTHING_TO_REFUND');
      const payins = await repo.payinsOf(db, r.id);
      const payments = service(deps, 'payments');
      const refunds: string[] = [];
      for (const p of payins) {
        if (p.refunded || p.status !== 'settled') continue;
        const made = await payments.refund(
          ctx.principal,
          p.paymentId,
          comments || `Refund of payment request ${r.reference}`,
        );
        refunds.push(made.id);
      }
      const updated = await inTransaction(db, async (tx) => {
        const locked = await lockOwn(tx, merchantId, id);
        if (locked.status === 'refunded') throw new DomainError('REFUND_ALREADY_DONE');
        const u = await repo.updateRequest(tx, locked.id, { status: 'refunded', updatedAt: clock.now() });
        await record(tx, u, {
          event: 'refunded',
          from: locked.status,
          actor: userActor(ctx),
          type: 'refund',
          details: { refund_payment_ids: refunds },
        });
        return u;
      });
      return viewOne(updated);
    },

    async sendEmail(ctx: Ctx, id: string): Promise<PaymentRequestView> {
      const merchantId = await merchantOf(ctx.principal);
      const updated = await inTransaction(db, async (tx) => {
        const r = await lockOwn(tx, merchantId, id);
        if (!PAYABLE_REQUEST_STATUSES.includes(r.status) || r.expiresAt <= clock.now())
          throw new DomainError('PAYMENT_REQUEST_ACTION_NOT_ALLOWED', { status: r.status, action: 'sent' });
        const u = await repo.updateRequest(tx, r.id, { emailedAt: clock.now(), updatedAt: clock.now() });
        await appendAudit(tx, {
          actorType: 'user',
          actorId: ctx.principal.userId,
          action: 'payment_request_emailed',
          subjectType: 'payment_request',
          subjectId: r.id,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          details: { to: r.customerEmail },
        });
        return u;
      });
      await mailLink(updated);
      return viewOne(updated);
    },

    async candidates(principal: UserPrincipal, id: string) {
      const merchantId = await merchantOf(principal);
      const r = await repo.findRequest(db, id, merchantId);
      if (!r) throw new DomainError('PAYMENT_REQUEST_NOT_FOUND');
      const rows = await repo.unmatchedPayins(db, merchantId, r.currency);
      return rows
        .filter((p) => !p.refunded)
        .map((p) => ({
          payment_id: p.paymentId,
          amount: isCurrencyCode(p.currency) ? fromMinor(p.amount, p.currency) : p.amount.toString(),
          currency: p.currency,
          payer_name: p.payerName,
          payer_iban: p.payerIban,
          refunded: false,
        }));
    },

    /** Matching by hand: an unmatched settled pay-in of the company, same currency, to a payable request. */
    async match(ctx: Ctx, id: string, paymentId: string): Promise<PaymentRequestView> {
      const merchantId = await merchantOf(ctx.principal);
      const updated = await inTransaction(db, async (tx) => {
        const r = await lockOwn(tx, merchantId, id);
        if (!PAYABLE_REQUEST_STATUSES.includes(r.status))
          throw new DomainError('PAYMENT_REQUEST_ACTION_NOT_ALLOWED', {
            status: r.status,
            action: 'matched',
          });
        const p = await repo.lockPayin(tx, paymentId, merchantId);
        if (!p) throw new DomainError('PAYMENT_NOT_FOUND');
        if (
          p.direction !== 'inbound' ||
          p.transactionType !== 'payin' ||
          p.status !== 'settled' ||
          p.currency !== r.currency
        )
          throw new DomainError('PAYMENT_REQUEST_PAYIN_NOT_MATCHABLE');
        return applyPayin(tx, r, p, 'manual', userActor(ctx));
      });
      return viewOne(updated);
    },

    /** Pay-in listener: in the crediting transaction, matches the pay-in by the reference it quotes. */
    async matchIncoming(tx: Tx, p: PaymentRow, remittance: string | null): Promise<void> {
      if (p.direction !== 'inbound' || p.status !== 'settled') return;
      const reference = findPaymentReference(remittance);
      const r = reference ? await repo.lockByReference(tx, reference, p.merchantId) : undefined;
      // Another currency than requested: the money stays in the wallet unmatched, for a person to look at.
      if (r) {
        if (r.currency === p.currency) await applyPayin(tx, r, p, 'reference', { type: 'system' });
        return;
      }
      // No (known) reference, paid to a VA: the VA's only payable request in that currency takes it.
      // Several requests on the VA need the reference to tell them apart, so the pay-in stays unmatched.
      const vaNumber = (p.requisites as { virtualAccount?: unknown }).virtualAccount;
      if (typeof vaNumber !== 'string') return;
      const vaId = await repo.vaIdByNumber(tx, vaNumber, p.merchantId);
      if (vaId === undefined) return;
      const onVa = await repo.lockPayableOnVa(tx, vaId, p.currency);
      if (onVa.length === 1 && onVa[0])
        await applyPayin(tx, onVa[0], p, 'virtual_account', { type: 'system' });
    },

    async hosted(token: string): Promise<HostedPaymentView> {
      return hostedView(await byToken(token));
    },

    /** Open (and partially paid) requests past their expiry become expired, each with its postback. */
    async expireDue(): Promise<number> {
      const ids = await repo.dueForExpiry(db, clock.now(), EXPIRY_BATCH);
      let n = 0;
      for (const id of ids) {
        const done = await inTransaction(db, async (tx) => {
          const r = await repo.lockRequest(tx, id, null);
          if (!r || !PAYABLE_REQUEST_STATUSES.includes(r.status) || r.expiresAt > clock.now()) return false;
          await expire(tx, r);
          return true;
        });
        if (done) n++;
      }
      return n;
    },
  };
}
export type PaymentRequestsService = ReturnType<typeof createPaymentRequestsService>;
