import { randomBytes } from 'node:crypto';
import {
  type AmountError,
  checkAmountLimits,
  isCurrencyCode,
  PAYABLE_REQUEST_STATUSES,
  PAYMENT_REQUEST_MAX_AMOUNT_MINOR,
  PAYMENT_REQUEST_MAX_EXPIRY_DAYS,
  type PaymentRequestCreate,
  type PaymentRequestView,
  parseAmountInput,
  paymentReferenceFrom,
  paymentRequestCreateSchema,
  tryToMinor,
} from '@portal/domain';
import { mailFormat } from '../../adapters/mail/format.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import {
  type Ctx,
  linkOf,
  lockOwn,
  merchantOf,
  type PrContext,
  record,
  userActor,
} from './payment-requests-context.ts';
import { paymentLinkMail } from './payment-requests.mail.ts';
import * as repo from './payment-requests.repo.ts';
import { vaView, view, viewOne } from './payment-requests-views.ts';

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

/** Mails the request's link to its customer, in their language. */
async function mailLink(c: PrContext, r: repo.RequestRow) {
  const company = await repo.serviceCodeOf(c.db, r.merchantId);
  const text = paymentLinkMail(mailFormat(r.customerLanguage), {
    merchantName: company?.name ?? '',
    customerName: r.customerName,
    amountMinor: r.amount,
    currency: r.currency,
    reference: r.reference,
    description: r.description,
    expiresAt: r.expiresAt,
    url: linkOf(c, r.token),
  });
  await c.mail.send({ to: r.customerEmail, kind: 'payment-request', ...text });
}

/** A new request on a collection wallet or one of the company's VAs, mailed when asked. */
export async function createRequest(
  c: PrContext,
  ctx: Ctx,
  input: PaymentRequestCreate,
): Promise<PaymentRequestView> {
  const merchantId = await merchantOf(c, ctx.principal);
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
  const now = c.clock.now();
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
    va = await repo.companyVa(c.db, body.virtual_account_id, merchantId);
    if (!va) throw new DomainError('PAYMENT_REQUEST_VA_NOT_FOUND');
    if (va.status !== 'active')
      throw new DomainError('PAYMENT_REQUEST_VA_NOT_ACTIVE', { number: va.number, status: va.status });
    if (!(await repo.walletHoldsCurrency(c.db, va.walletId, body.currency)))
      throw new DomainError('PAYMENT_REQUEST_VA_CURRENCY', {
        number: va.number,
        currency: body.currency,
      });
    wallet = { id: va.walletId };
  } else {
    const w = await repo.collectionWallet(c.db, merchantId, body.currency);
    if (!w?.iban) throw new DomainError('PAYMENT_REQUEST_NO_WALLET', { currency: body.currency });
    wallet = w;
  }
  let created: repo.RequestRow | undefined;
  for (let attempt = 0; !created; attempt++) {
    try {
      created = await inTransaction(c.db, async (tx) => {
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
        await record(c, tx, r, { event: 'created', from: null, actor: userActor(ctx) });
        return r;
      });
    } catch (err) {
      // 10 base32 characters: a clash is astronomically rare, but a retry costs nothing.
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
  if (body.send_email) await mailLink(c, created);
  return view(c, created, va ? vaView(va) : null);
}

/** Mails the link of a payable request (again), with its audit entry. */
export async function sendEmail(c: PrContext, ctx: Ctx, id: string): Promise<PaymentRequestView> {
  const merchantId = await merchantOf(c, ctx.principal);
  const updated = await inTransaction(c.db, async (tx) => {
    const r = await lockOwn(tx, merchantId, id);
    if (!PAYABLE_REQUEST_STATUSES.includes(r.status) || r.expiresAt <= c.clock.now())
      throw new DomainError('PAYMENT_REQUEST_ACTION_NOT_ALLOWED', { status: r.status, action: 'sent' });
    const u = await repo.updateRequest(tx, r.id, { emailedAt: c.clock.now(), updatedAt: c.clock.now() });
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
  await mailLink(c, updated);
  return viewOne(c, updated);
}
