import {
  type CurrencyCode,
  checkAmountLimits,
  fromMinor,
  type HostedPaymentView,
  isCurrencyCode,
  PAYMENT_REQUEST_MAX_AMOUNT_MINOR,
  parseAmountInput,
  tryToMinor,
} from '@portal/domain';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import * as repo from './payment-requests.repo.ts';
import { AMOUNT_TEXT } from './payment-requests.service.ts';

/**
 * The hosted page's "pay by bank (simulator)" (demo only, public so a newcomer can try the flow).
 * Anyone holding a link may call it, so it sends only what a real payer of this request would:
 * exactly the amount still due of a payable request, once (issue 34). Odd amounts and late
 * payments stay testable by the admin group's processing pay-in.
 */
export function createHostedPaySimulator(deps: AppDeps) {
  const { db } = deps;
  const requests = () => service(deps, 'paymentRequests');
  /** Calls for the same link run one after another, so a double click cannot pay twice. */
  const queue = new Map<string, Promise<unknown>>();

  /** The amount the payer sends: the amount due, or for an open-amount request the one typed. */
  function amountToSend(r: repo.RequestRow, currency: CurrencyCode, typed: string | undefined): bigint {
    let minor: bigint | null = null;
    if (typed !== undefined && typed.trim() !== '') {
      const parsed = parseAmountInput(typed);
      if (!parsed.ok) throw validationError({ amount: AMOUNT_TEXT[parsed.error] });
      const value = tryToMinor(parsed.value, currency);
      if (!value.ok) throw validationError({ amount: AMOUNT_TEXT[value.error] });
      minor = value.value;
    }
    if (r.amount === null) {
      if (minor === null) throw validationError({ amount: 'Enter the amount to pay.' });
      const limit = checkAmountLimits(minor, { max: PAYMENT_REQUEST_MAX_AMOUNT_MINOR });
      if (limit) throw validationError({ amount: AMOUNT_TEXT[limit] });
      return minor;
    }
    const due = r.amount - r.paidAmount;
    if (minor !== null && minor !== due)
      throw new DomainError('PAYMENT_REQUEST_SIM_AMOUNT', { amount: fromMinor(due, currency), currency });
    return due;
  }

  async function pay(token: string, typed: string | undefined): Promise<HostedPaymentView> {
    if (!deps.config.simulator) throw new DomainError('PAYMENT_REQUEST_SIMULATOR_OFF');
    const view = await requests().hosted(token);
    const r = await repo.findByToken(db, token);
    if (!r || !isCurrencyCode(r.currency)) throw new DomainError('PAYMENT_LINK_INVALID');
    // `payable` already counts a request past its expiry the sweep has not reached yet.
    if (!view.payable) throw new DomainError('PAYMENT_REQUEST_NOT_PAYABLE', { status: view.status });
    const amount = fromMinor(amountToSend(r, r.currency, typed), r.currency);
    const va = r.virtualAccountId === null ? undefined : (await repo.vasByIds(db, [r.virtualAccountId]))[0];
    await service(deps, 'processing').payIn({
      // Paid to the VA when the request collects on one (the rail resolves it to its wallet).
      ...(va ? { vaNumber: va.number } : { merchantId: r.merchantId, walletRef: r.walletId }),
      currency: r.currency,
      amount,
      payerName: r.customerName,
      payerIban: r.currency === 'GBP' ? 'GB33BUKB20201555555555' : 'DE89370400440532013000',
      method: r.currency === 'GBP' ? 'FPS' : 'SEPA',
      reference: r.paymentReference,
    });
    return requests().hosted(token);
  }

  return {
    pay(token: string, typed: string | undefined): Promise<HostedPaymentView> {
      const before = queue.get(token) ?? Promise.resolve();
      const run = before.catch(() => undefined).then(() => pay(token, typed));
      queue.set(token, run);
      void run
        .catch(() => undefined)
        .finally(() => {
          if (queue.get(token) === run) queue.delete(token);
        });
      return run;
    },
  };
}
