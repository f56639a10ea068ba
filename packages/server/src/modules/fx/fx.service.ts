import { randomUUID } from 'node:crypto';
import {
  CURRENCIES,
  type Conversion,
  type CurrencyCode,
  convert,
  type FixedSide,
  FX_CANCELABLE,
  FX_QUOTE_TTL_SECONDS,
  type FxExchangeView,
  type FxListFilter,
  type FxPair,
  type FxQuote,
  type FxQuoteRequest,
  type FxSettlement,
  type FxStatus,
  fromMinor,
  type FxLegRole,
  fxJournal,
  fxBookingWindow,
  fxLimitsMinor,
  fxSettlesAt,
  fxValueDate,
  defaultSpreadBps,
  clientRate,
  invertRate,
  isCurrencyCode,
  RIGHT_ACTIONS,
  tryToMinor,
  WALLET_STATUS,
} from '@portal/domain';
import type { FxRates } from '../../adapters/fx-rates/fx-rates.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { proofOf } from '../../http/confirmation-proof.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { ApprovalLine, ScaProof } from '../confirmations/confirmations.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import * as repo from './fx.repo.ts';

export const FX_SETTLE_JOB = 'fx.settle';
type Ctx = RequestContext<UserPrincipal>;
type Simulator = FxRates & { setOutage(on: boolean): void; isDown(): boolean };

const money = (minor: bigint, currency: string) =>
  isCurrencyCode(currency) ? fromMinor(minor, currency) : minor.toString();

function companyOf(p: UserPrincipal): string {
  if (!p.merchantId) throw new DomainError('FORBIDDEN');
  return p.merchantId;
}

/** Spec §6: without the instant FX right, "contact the Master User". */
function requireFx(p: UserPrincipal): string {
  if (!p.rights.has(RIGHT_ACTIONS.instantFx) && !p.isAdmin) throw new DomainError('FX_NOT_PERMITTED');
  return companyOf(p);
}

/** Executes at once when the creator may approve their own exchanges; otherwise maker-checker. */
const selfApproves = (p: UserPrincipal) =>
  p.rights.has(RIGHT_ACTIONS.approve) && p.rights.has(RIGHT_ACTIONS.approveOwn);

interface WalletInfo {
  id: number;
  name: string;
  active: boolean;
  balances: { currency: string; available: string }[];
}

/**
 * FX (spec §1, §4, §5, §6, §8, §9): quotes that lock a rate for 30 s, confirmation bound to the
 * quote, instant execution or NBD/SBD booking with a hold, settlement at value date, approval,
 * cancel. Every status change is one transaction with its history event, postback (type fx) and
 * audit entry; money moves only through the ledger service.
 */
export function createFxService(deps: AppDeps, rates: Simulator) {
  const { db, clock } = deps;
  const ledger = () => service(deps, 'ledger');
  const wallets = () => service(deps, 'wallets');
  const confirmations = () => service(deps, 'confirmations');

  async function spreadFor(merchantId: string, sell: CurrencyCode, buy: CurrencyCode): Promise<number> {
    const terms = await repo.termsOf(db, merchantId);
    if (!terms) return defaultSpreadBps(sell, buy);
    const crypto = CURRENCIES[sell].kind === 'crypto' || CURRENCIES[buy].kind === 'crypto';
    return crypto ? terms.cryptoSpreadBps : terms.spreadBps;
  }

  async function companyWallets(principal: UserPrincipal): Promise<WalletInfo[]> {
    const { wallets: rows } = await wallets().list(principal, 1, 1000, {
      with_subaccounts: true,
      sort_param: 'created',
      sort_order: 'asc',
    });
    return rows.map((w) => ({
      id: w.id,
      name: w.ui_name,
      active: w.status === WALLET_STATUS.active,
      balances: w.balances.map((b) => ({ currency: b.currency, available: b.available })),
    }));
  }

  /** Names of one exchange's two wallets (two primary-key reads, not the whole wallet list). */
  async function namesOf(e: repo.ExchangeRow): Promise<Map<number, string>> {
    const ids = [...new Set([e.sellWalletId, e.buyWalletId])];
    const found = await Promise.all(
      ids.map((id) =>
        wallets()
          .getWalletForMerchant(db, e.merchantId, id)
          .catch(() => null),
      ),
    );
    return new Map(found.filter((w) => w !== null).map((w) => [w.id, w.uiName]));
  }

  /** One exchange as the caller sees it. */
  const viewOne = async (e: repo.ExchangeRow, p: UserPrincipal) => toView(e, await namesOf(e), p);

  async function walletNames(principal: UserPrincipal): Promise<Map<number, string>> {
    return new Map((await companyWallets(principal)).map((w) => [w.id, w.name]));
  }

  function toView(e: repo.ExchangeRow, names: Map<number, string>, p: UserPrincipal): FxExchangeView {
    const status = e.status;
    const own = e.createdBy === p.userId;
    const canApprove =
      status === 'created' &&
      p.rights.has(RIGHT_ACTIONS.approve) &&
      (!own || p.rights.has(RIGHT_ACTIONS.approveOwn));
    const canCancel = FX_CANCELABLE.includes(status) && (own || p.rights.has(RIGHT_ACTIONS.cancel));
    return {
      id: e.id,
      reference: `FX-${e.id.slice(0, 8).toUpperCase()}`,
      status,
      settlement: e.settlement,
      fixed_side: e.fixedSide,
      sell_wallet_id: String(e.sellWalletId),
      sell_wallet_name: names.get(e.sellWalletId) ?? '',
      sell_currency: e.sellCurrency,
      sell_amount: money(e.sellAmount, e.sellCurrency),
      buy_wallet_id: String(e.buyWalletId),
      buy_wallet_name: names.get(e.buyWalletId) ?? '',
      buy_currency: e.buyCurrency,
      buy_amount: money(e.buyAmount, e.buyCurrency),
      rate: e.rate,
      value_date: e.valueDate,
      created_at: e.createdAt.toISOString(),
      executed_at: e.executedAt?.toISOString() ?? null,
      settled_at: e.settledAt?.toISOString() ?? null,
      created_by: e.createdBy,
      approved_by: e.approvedBy,
      error: e.error,
      actions: [
        ...(canApprove ? (['approve', 'reject'] as const) : []),
        ...(canCancel ? (['cancel'] as const) : []),
      ],
    };
  }

  async function viewOf(p: UserPrincipal, id: string): Promise<FxExchangeView> {
    const e = await repo.findExchange(db, id, companyOf(p));
    if (!e) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
    return viewOne(e, p);
  }

  /** History event, postback of type fx and audit entry, in the caller's transaction. */
  async function recordEvent(
    tx: DbOrTx,
    e: repo.ExchangeRow,
    ev: {
      event: string;
      from: FxStatus | null;
      actorId: string | null;
      at: Date;
      note?: string | null;
      ctx?: Ctx;
    },
  ): Promise<void> {
    await repo.insertEvent(tx, {
      exchangeId: e.id,
      merchantId: e.merchantId,
      event: ev.event,
      fromStatus: ev.from,
      status: e.status,
      actorId: ev.actorId,
      note: ev.note ?? null,
      at: ev.at,
    });
    await enqueuePostback(tx, {
      merchantId: e.merchantId,
      type: 'fx',
      event: ev.event,
      subjectId: e.id,
      createdAt: ev.at,
      payload: {
        exchange_id: e.id,
        status: e.status,
        previous_status: ev.from,
        settlement: e.settlement,
        value_date: e.valueDate,
        sell_currency: e.sellCurrency,
        sell_amount: money(e.sellAmount, e.sellCurrency),
        buy_currency: e.buyCurrency,
        buy_amount: money(e.buyAmount, e.buyCurrency),
        rate: e.rate,
        at: ev.at.toISOString(),
      },
    });
    await appendAudit(tx, {
      actorType: ev.actorId ? 'user' : 'system',
      actorId: ev.actorId,
      action: `fx_${ev.event}`,
      subjectType: 'fx_exchange',
      subjectId: e.id,
      ...(ev.ctx ? { ip: ev.ctx.ip, userAgent: ev.ctx.userAgent } : {}),
      details: { status: e.status, from: ev.from, ...(ev.note ? { note: ev.note } : {}) },
    });
  }

  async function transition(
    tx: Tx,
    e: repo.ExchangeRow,
    to: FxStatus,
    ev: {
      actorId: string | null;
      at: Date;
      action: string;
      patch?: Partial<repo.NewExchange>;
      note?: string | null;
      ctx?: Ctx;
    },
  ): Promise<repo.ExchangeRow> {
    const updated = await repo.updateFrom(tx, e.id, e.status, { ...ev.patch, status: to, updatedAt: ev.at });
    if (!updated) throw new DomainError('FX_ACTION_NOT_ALLOWED', { status: e.status, action: ev.action });
    await recordEvent(tx, updated, {
      event: to,
      from: e.status,
      actorId: ev.actorId,
      at: ev.at,
      note: ev.note ?? null,
      ...(ev.ctx ? { ctx: ev.ctx } : {}),
    });
    return updated;
  }

  /** The balanced journal of an exchange: both currencies through FX position accounts, spread as revenue. */
  async function exchangePostings(tx: Tx, e: repo.ExchangeRow) {
    const l = ledger();
    const sellWallet = await l.walletAccount(tx, e.sellWalletId, e.sellCurrency);
    const buyWallet = await l.walletAccount(tx, e.buyWalletId, e.buyCurrency);
    const sellPosition = await l.systemAccount(tx, 'fx_position', e.sellCurrency);
    const buyPosition = await l.systemAccount(tx, 'fx_position', e.buyCurrency);
    const accounts: Record<FxLegRole, () => Promise<number>> = {
      sellWallet: async () => sellWallet,
      sellPosition: async () => sellPosition,
      buyPosition: async () => buyPosition,
      buyWallet: async () => buyWallet,
      spreadRevenue: () => l.systemAccount(tx, 'fee_income', e.buyCurrency),
    };
    const postings = [];
    for (const leg of fxJournal({
      sellCurrency: e.sellCurrency,
      sellMinor: e.sellAmount,
      buyCurrency: e.buyCurrency,
      buyMinor: e.buyAmount,
      spreadMinor: e.spreadAmount,
    }))
      postings.push({ accountId: await accounts[leg.role](), amount: leg.amount });
    return {
      kind: 'fx' as const,
      reference: `fx:${e.id}`,
      details: {
        counterparty: 'Currency exchange',
        method: 'FX',
        description: `Currency exchange ${money(e.sellAmount, e.sellCurrency)} ${e.sellCurrency} to ${money(e.buyAmount, e.buyCurrency)} ${e.buyCurrency} at ${e.rate} (FX-${e.id.slice(0, 8).toUpperCase()})`,
      },
      postings,
    };
  }

  /** The exchange's two legs in the payments list (transaction type exchange), same transaction. */
  async function paymentLegs(
    tx: Tx,
    e: repo.ExchangeRow,
    entryId: number,
    approvedBy: string | null,
    now: Date,
  ) {
    await service(deps, 'payments').recordExchangeLegs(tx, {
      merchantId: e.merchantId,
      reference: `FX-${e.id.slice(0, 8).toUpperCase()}`,
      sell: { walletId: e.sellWalletId, currency: e.sellCurrency, amount: e.sellAmount },
      buy: { walletId: e.buyWalletId, currency: e.buyCurrency, amount: e.buyAmount },
      entryId,
      createdBy: e.createdBy,
      approvedBy,
      createdAt: e.createdAt,
      settledAt: now,
    });
  }

  /** Executes a created exchange: instant → ledger now; NBD/SBD → hold until value date. */
  async function execute(tx: Tx, e: repo.ExchangeRow, actorId: string | null, now: Date, ctx?: Ctx) {
    if (e.settlement === 'instant') {
      const entry = await ledger().postEntry(tx, await exchangePostings(tx, e));
      await paymentLegs(tx, e, entry.id, actorId, now);
      return transition(tx, e, 'completed', {
        actorId,
        at: now,
        action: 'executed',
        patch: { entryId: entry.id, executedAt: now, settledAt: now, approvedBy: actorId, error: null },
        ...(ctx ? { ctx } : {}),
      });
    }
    const holdId = await ledger().placeHold(tx, {
      walletId: e.sellWalletId,
      currency: e.sellCurrency,
      amount: e.sellAmount,
      reference: `fx:${e.id}`,
      kind: 'pending',
    });
    return transition(tx, e, 'booked', {
      actorId,
      at: now,
      action: 'booked',
      patch: {
        holdId,
        executedAt: now,
        approvedBy: actorId,
        settleAfter: fxSettlesAt(e.valueDate),
        error: null,
      },
      ...(ctx ? { ctx } : {}),
    });
  }

  async function schedule(e: repo.ExchangeRow): Promise<void> {
    if (e.status !== 'booked' || !e.settleAfter) return;
    const seconds = Math.max(0, Math.ceil((e.settleAfter.getTime() - clock.now().getTime()) / 1000));
    await deps.jobs
      .send(FX_SETTLE_JOB, { exchangeId: e.id }, { startAfterSeconds: seconds })
      .catch(() => undefined);
  }

  /** Amount text → minor units, or the field error code the browser translates. */
  function parseAmount(field: string, text: string, currency: CurrencyCode): bigint {
    const r = tryToMinor(text.trim(), currency);
    if (!r.ok) throw validationError({ [field]: r.error });
    if (r.value === 0n) throw validationError({ [field]: 'AMOUNT_ZERO' });
    if (r.value < 0n) throw validationError({ [field]: 'AMOUNT_NEGATIVE' });
    return r.value;
  }

  function checkLimits(field: string, minor: bigint, currency: CurrencyCode): void {
    const l = fxLimitsMinor(currency);
    if (minor < l.min)
      throw new DomainError(
        'FX_BELOW_MIN',
        { min: fromMinor(l.min, currency), currency },
        { fields: { [field]: 'FX_BELOW_MIN' } },
      );
    if (minor > l.max)
      throw new DomainError(
        'FX_ABOVE_MAX',
        { max: fromMinor(l.max, currency), currency },
        { fields: { [field]: 'FX_ABOVE_MAX' } },
      );
  }

  /** Wallet of the caller's company holding `currency` (another company's wallet → 404). */
  async function walletFor(merchantId: string, ref: string, currency: CurrencyCode, pair: string) {
    const wallet = await wallets().getWalletForMerchant(
      db,
      merchantId,
      /^\d+$/.test(ref) ? Number(ref) : ref,
    );
    const balances = await ledger().balances(db, wallet.id);
    const account = balances.find((b) => b.currency === currency);
    if (!account) throw new DomainError('FX_PAIR_NOT_OFFERED', { pair });
    wallets().assertOutgoingAllowed(wallet);
    return { wallet, available: account.available };
  }

  /** Rate, amounts and spread of a deal at `now`; throws the §8 424 while the provider is down. */
  async function price(
    merchantId: string,
    sell: CurrencyCode,
    buy: CurrencyCode,
    fixed: FixedSide,
    amountMinor: bigint,
    now: Date,
  ): Promise<Conversion & { spreadBps: number }> {
    const mid = await rates.midRate(sell, buy, now);
    const spreadBps = await spreadFor(merchantId, sell, buy);
    return { ...convert({ from: sell, to: buy, fixed, amountMinor, mid, spreadBps }), spreadBps };
  }

  function checkDeal(c: Conversion, sell: CurrencyCode, buy: CurrencyCode, available?: bigint) {
    checkLimits('sell_amount', c.sellMinor, sell);
    checkLimits('buy_amount', c.buyMinor, buy);
    if (available !== undefined && c.sellMinor > available) {
      throw new DomainError(
        'FX_ABOVE_BALANCE',
        { available: fromMinor(available < 0n ? 0n : available, sell), currency: sell },
        { fields: { sell_amount: 'FX_ABOVE_BALANCE' } },
      );
    }
  }

  /** What the user confirms: pair, wallets, both amounts, rate, expiry, settlement. */
  function subjectOf(q: {
    id: string;
    merchantId: string;
    sellWalletId: number;
    sellCurrency: string;
    sellAmount: string;
    buyWalletId: number;
    buyCurrency: string;
    buyAmount: string;
    rate: string;
    expiresAt: Date;
    settlement: string;
    valueDate: string;
  }) {
    return {
      quoteId: q.id,
      merchantId: q.merchantId,
      sellWalletId: q.sellWalletId,
      sellCurrency: q.sellCurrency,
      sellAmount: q.sellAmount,
      buyWalletId: q.buyWalletId,
      buyCurrency: q.buyCurrency,
      buyAmount: q.buyAmount,
      rate: q.rate,
      expiresAt: q.expiresAt.toISOString(),
      settlement: q.settlement,
      valueDate: q.valueDate,
    };
  }

  /**
   * What an approver confirms (issue 17): the side the creator typed — it stays as typed while the
   * other side follows the rate of the moment of approval — the currencies and the two wallets.
   */
  async function approvalLines(p: UserPrincipal, id: string): Promise<ApprovalLine[]> {
    if (!p.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
    const e = await repo.findExchange(db, id, companyOf(p));
    if (!e) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
    const names = await namesOf(e);
    const sellFixed = e.fixedSide === 'sell';
    return [
      {
        id: e.id,
        amount: sellFixed ? e.sellAmount : e.buyAmount,
        currency: sellFixed ? e.sellCurrency : e.buyCurrency,
        payee: `${e.sellCurrency} → ${e.buyCurrency}`,
        account: `${names.get(e.sellWalletId) ?? ''} → ${names.get(e.buyWalletId) ?? ''}`,
      },
    ];
  }

  async function approveOne(
    p: UserPrincipal,
    id: string,
    ctx?: Ctx,
    confirmed?: (tx: Tx) => Promise<void>,
  ): Promise<repo.ExchangeRow> {
    const merchantId = companyOf(p);
    if (!p.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
    const current = await repo.findExchange(db, id, merchantId);
    if (!current) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
    if (current.status !== 'created')
      throw new DomainError('FX_ACTION_NOT_ALLOWED', { status: current.status, action: 'approved' });
    if (current.createdBy === p.userId && !p.rights.has(RIGHT_ACTIONS.approveOwn))
      throw new DomainError('NO_RIGHTS_APPROVE_OWN');
    const now = clock.now();
    // Approval executes at the rate of the moment of approval (the creator's 30 s lock is long gone);
    // the side the creator typed stays as typed.
    const sell = current.sellCurrency as CurrencyCode;
    const buy = current.buyCurrency as CurrencyCode;
    const fixedAmount = current.fixedSide === 'sell' ? current.sellAmount : current.buyAmount;
    const deal = await price(merchantId, sell, buy, current.fixedSide, fixedAmount, now);
    const vd = fxValueDate(current.settlement as FxSettlement, now);
    try {
      if (!vd.ok) throw new DomainError(vd.error);
      checkDeal(deal, sell, buy);
      const done = await inTransaction(db, async (tx) => {
        const e = await repo.lockExchange(tx, id, merchantId);
        if (!e || e.status !== 'created')
          throw new DomainError('FX_ACTION_NOT_ALLOWED', {
            status: e?.status ?? 'unknown',
            action: 'approved',
          });
        const repriced = await repo.updateFrom(tx, e.id, 'created', {
          sellAmount: deal.sellMinor,
          buyAmount: deal.buyMinor,
          rate: deal.rate,
          midRate: deal.mid,
          spreadBps: deal.spreadBps,
          spreadAmount: deal.spreadMinor,
          valueDate: vd.valueDate,
          updatedAt: now,
        });
        if (!repriced)
          throw new DomainError('FX_ACTION_NOT_ALLOWED', { status: e.status, action: 'approved' });
        // The approver's confirmation is used up with the execution it authorised.
        await confirmed?.(tx);
        return execute(tx, repriced, p.userId, now, ctx);
      });
      await schedule(done);
      return done;
    } catch (err) {
      if (err instanceof DomainError && err.code !== 'FX_ACTION_NOT_ALLOWED') {
        await repo.setError(db, id, err.message, now);
        throw new DomainError('FX_APPROVAL_ERROR', { error: err.message }, { extra: { exchange_id: id } });
      }
      throw err;
    }
  }

  /** The value-date job: settles one booked exchange whose time has come (hold → postings). */
  async function settleDue(id: string): Promise<boolean> {
    const now = clock.now();
    const done = await inTransaction(db, async (tx) => {
      const e = await repo.lockExchange(tx, id);
      if (!e || e.status !== 'booked' || !e.settleAfter || e.settleAfter > now) return null;
      if (e.holdId !== null) await ledger().releaseHold(tx, e.holdId);
      const entry = await ledger().postEntry(tx, {
        ...(await exchangePostings(tx, e)),
        valueDate: e.settleAfter,
      });
      await paymentLegs(tx, e, entry.id, e.approvedBy, now);
      return transition(tx, e, 'settled', {
        actorId: null,
        at: now,
        action: 'settled',
        patch: { entryId: entry.id, settledAt: now, settleAfter: null },
      });
    });
    return done !== null;
  }

  return {
    /** Mid rate now, for other areas (on-chain shows fiat equivalents); 424 during an outage. */
    async indicativeRate(base: string, quote: string): Promise<string> {
      return rates.midRate(base, quote, clock.now());
    },

    /** The provider switch (operator, tests). */
    setOutage(on: boolean): void {
      rates.setOutage(on);
    },
    outage: (): boolean => rates.isDown(),

    async setSpread(merchantId: string, spreadBps: number, cryptoSpreadBps: number) {
      await repo.upsertTerms(db, merchantId, spreadBps, cryptoSpreadBps);
    },

    async pairs(p: UserPrincipal, merchantParam: string, currency: string): Promise<FxPair[]> {
      const merchantId = requireFx(p);
      if (merchantParam !== merchantId) throw new DomainError('NOT_FOUND');
      const list = (await companyWallets(p)).filter((w) => w.active);
      const codes = [...new Set(list.flatMap((w) => w.balances.map((b) => b.currency)))].filter(
        isCurrencyCode,
      );
      const pairs: FxPair[] = [];
      for (const sell of codes) {
        if (currency !== 'all' && sell !== currency) continue;
        for (const buy of codes) {
          if (buy === sell) continue;
          const sl = fxLimitsMinor(sell);
          const bl = fxLimitsMinor(buy);
          pairs.push({
            sell_currency: sell,
            buy_currency: buy,
            sell_wallets: list.flatMap((w) =>
              w.balances
                .filter((b) => b.currency === sell)
                .map((b) => ({ id: String(w.id), name: w.name, available: b.available })),
            ),
            buy_wallets: list
              .filter((w) => w.balances.some((b) => b.currency === buy))
              .map((w) => ({ id: String(w.id), name: w.name })),
            sell_min: fromMinor(sl.min, sell),
            sell_max: fromMinor(sl.max, sell),
            buy_min: fromMinor(bl.min, buy),
            buy_max: fromMinor(bl.max, buy),
          });
        }
      }
      return pairs;
    },

    async clientRate(p: UserPrincipal, sell: string, buy: string) {
      const merchantId = requireFx(p);
      if (!isCurrencyCode(sell) || !isCurrencyCode(buy))
        throw new DomainError('FX_PAIR_NOT_OFFERED', { pair: `${sell}/${buy}` });
      if (sell === buy) throw new DomainError('FX_SAME_CURRENCY');
      const now = clock.now();
      const rate = clientRate(await rates.midRate(sell, buy, now), await spreadFor(merchantId, sell, buy));
      return { rate, inverse_rate: invertRate(rate), at: now.toISOString() };
    },

    bookingWindow(p: UserPrincipal) {
      requireFx(p);
      const w = fxBookingWindow(clock.now());
      return { working_time: w.workingTime, sbd_value_date: w.sbd, nbd_value_date: w.nbd };
    },

    async quote(ctx: Ctx, body: FxQuoteRequest & { settlement: FxSettlement }): Promise<FxQuote> {
      const p = ctx.principal;
      const merchantId = requireFx(p);
      const pair = `${body.sell_currency}/${body.buy_currency}`;
      if (body.sell_currency === body.buy_currency)
        throw new DomainError('FX_SAME_CURRENCY', {}, { fields: { buy_currency: 'FX_SAME_CURRENCY' } });
      const sell = body.sell_currency;
      const buy = body.buy_currency;
      if (!isCurrencyCode(sell) || !isCurrencyCode(buy))
        throw new DomainError('FX_PAIR_NOT_OFFERED', { pair });
      const sellText = body.sell_amount?.trim() ?? '';
      const buyText = body.buy_amount?.trim() ?? '';
      if ((sellText === '') === (buyText === '')) throw new DomainError('FX_AMOUNT_REQUIRED');
      const fixed: FixedSide = sellText !== '' ? 'sell' : 'buy';
      const amountMinor =
        fixed === 'sell'
          ? parseAmount('sell_amount', sellText, sell)
          : parseAmount('buy_amount', buyText, buy);
      const from = await walletFor(merchantId, body.sell_wallet_id, sell, pair);
      const to = await walletFor(merchantId, body.buy_wallet_id, buy, pair);
      const now = clock.now();
      const vd = fxValueDate(body.settlement, now);
      if (!vd.ok) throw new DomainError(vd.error);
      // The typed side first, so "above max" is about what the user typed, before the rate is asked.
      checkLimits(
        fixed === 'sell' ? 'sell_amount' : 'buy_amount',
        amountMinor,
        fixed === 'sell' ? sell : buy,
      );
      const deal = await price(merchantId, sell, buy, fixed, amountMinor, now);
      checkDeal(deal, sell, buy, from.available);

      const id = randomUUID();
      const expiresAt = new Date(now.getTime() + FX_QUOTE_TTL_SECONDS * 1000);
      const shown = {
        id,
        merchantId,
        sellWalletId: from.wallet.id,
        sellCurrency: sell,
        sellAmount: fromMinor(deal.sellMinor, sell),
        buyWalletId: to.wallet.id,
        buyCurrency: buy,
        buyAmount: fromMinor(deal.buyMinor, buy),
        rate: deal.rate,
        expiresAt,
        settlement: body.settlement,
        valueDate: vd.valueDate,
      };
      const challenge = await confirmations().challenge(db, {
        userId: p.userId,
        merchantId,
        kind: 'fx',
        subject: subjectOf(shown),
      });
      await repo.insertQuote(db, {
        id,
        merchantId,
        userId: p.userId,
        settlement: body.settlement,
        valueDate: vd.valueDate,
        fixedSide: fixed,
        sellWalletId: from.wallet.id,
        sellCurrency: sell,
        sellAmount: deal.sellMinor,
        buyWalletId: to.wallet.id,
        buyCurrency: buy,
        buyAmount: deal.buyMinor,
        rate: deal.rate,
        midRate: deal.mid,
        spreadBps: deal.spreadBps,
        spreadAmount: deal.spreadMinor,
        challengeId: challenge.id,
        expiresAt,
        createdAt: now,
      });
      return {
        quote_id: id,
        challenge_id: challenge.id,
        expires_at: expiresAt.toISOString(),
        ttl_seconds: FX_QUOTE_TTL_SECONDS,
        settlement: body.settlement,
        value_date: vd.valueDate,
        fixed_side: fixed,
        sell_wallet_id: String(from.wallet.id),
        sell_currency: sell,
        sell_amount: shown.sellAmount,
        buy_wallet_id: String(to.wallet.id),
        buy_currency: buy,
        buy_amount: shown.buyAmount,
        rate: deal.rate,
        inverse_rate: invertRate(deal.rate),
        needs_approval: !selfApproves(p),
      };
    },

    async confirm(
      ctx: Ctx,
      body: {
        quote_id: string;
        challenge_id: string;
        sell_amount: string;
        buy_amount: string;
        rate: string;
        password: string;
        secret_code: string;
      },
    ): Promise<FxExchangeView> {
      const p = ctx.principal;
      const merchantId = requireFx(p);
      const q = await repo.findQuote(db, body.quote_id, merchantId, p.userId);
      if (!q) throw new DomainError('FX_QUOTE_NOT_FOUND');
      if (q.usedAt) throw new DomainError('FX_QUOTE_USED');
      const now = clock.now();
      if (now >= q.expiresAt) throw new DomainError('FX_QUOTE_EXPIRED');
      // What the browser says the user saw; a changed amount or rate fails the challenge's hash.
      const subject = subjectOf({
        id: q.id,
        merchantId,
        sellWalletId: q.sellWalletId,
        sellCurrency: q.sellCurrency,
        sellAmount: body.sell_amount,
        buyWalletId: q.buyWalletId,
        buyCurrency: q.buyCurrency,
        buyAmount: body.buy_amount,
        rate: body.rate,
        expiresAt: q.expiresAt,
        settlement: q.settlement,
        valueDate: q.valueDate,
      });
      const { step } = await confirmations().verify(db, {
        userId: p.userId,
        merchantId,
        kind: 'fx',
        subject,
        proof: proofOf(body),
        meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: p.sessionId },
      });
      const created = await inTransaction(db, async (tx) => {
        if (!(await repo.claimQuote(tx, q.id, now))) throw new DomainError('FX_QUOTE_USED');
        const e = await repo.insertExchange(tx, {
          merchantId,
          quoteId: q.id,
          status: 'created',
          settlement: q.settlement,
          valueDate: q.valueDate,
          fixedSide: q.fixedSide,
          sellWalletId: q.sellWalletId,
          sellCurrency: q.sellCurrency,
          sellAmount: q.sellAmount,
          buyWalletId: q.buyWalletId,
          buyCurrency: q.buyCurrency,
          buyAmount: q.buyAmount,
          rate: q.rate,
          midRate: q.midRate,
          spreadBps: q.spreadBps,
          spreadAmount: q.spreadAmount,
          createdBy: p.userId,
          createdAt: now,
          updatedAt: now,
        });
        await confirmations().consume(tx, {
          userId: p.userId,
          challengeId: body.challenge_id,
          step,
          subjectRef: e.id,
        });
        await recordEvent(tx, e, { event: 'created', from: null, actorId: p.userId, at: now, ctx });
        return e;
      });
      if (!selfApproves(p)) return viewOne(created, p);
      try {
        const done = await inTransaction(db, async (tx) => {
          const e = await repo.lockExchange(tx, created.id, merchantId);
          if (!e) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
          return execute(tx, e, p.userId, now, ctx);
        });
        await schedule(done);
        return viewOne(done, p);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        // Spec §8: the exchange exists, its execution failed; it ends failed and says why.
        await inTransaction(db, async (tx) => {
          const e = await repo.lockExchange(tx, created.id, merchantId);
          if (e?.status === 'created')
            await transition(tx, e, 'failed', {
              actorId: p.userId,
              at: now,
              action: 'failed',
              note: err.message,
              patch: { error: err.message },
              ctx,
            });
        });
        throw new DomainError(
          'FX_APPROVAL_ERROR',
          { error: err.message },
          { extra: { exchange_id: created.id } },
        );
      }
    },

    async approvalChallenge(p: UserPrincipal, id: string) {
      return confirmations().approvalChallenge(db, {
        kind: 'fx_approval',
        userId: p.userId,
        merchantId: companyOf(p),
        lines: await approvalLines(p, id),
      });
    },

    async approve(ctx: Ctx, id: string, proof: ScaProof): Promise<FxExchangeView> {
      const p = ctx.principal;
      const { step } = await confirmations().verifyApproval(db, {
        kind: 'fx_approval',
        userId: p.userId,
        merchantId: companyOf(p),
        lines: await approvalLines(p, id),
        proof,
        meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: p.sessionId },
      });
      const done = await approveOne(p, id, ctx, (tx) =>
        confirmations().consume(tx, {
          userId: p.userId,
          challengeId: proof.challengeId,
          step,
          subjectRef: id,
        }),
      );
      return viewOne(done, p);
    },

    async reject(ctx: Ctx, id: string): Promise<FxExchangeView> {
      const p = ctx.principal;
      const merchantId = companyOf(p);
      if (!p.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
      const now = clock.now();
      const done = await inTransaction(db, async (tx) => {
        const e = await repo.lockExchange(tx, id, merchantId);
        if (!e) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
        if (e.status !== 'created')
          throw new DomainError('FX_ACTION_NOT_ALLOWED', { status: e.status, action: 'rejected' });
        return transition(tx, e, 'rejected', { actorId: p.userId, at: now, action: 'rejected', ctx });
      });
      return viewOne(done, p);
    },

    async cancel(ctx: Ctx, id: string): Promise<FxExchangeView> {
      const p = ctx.principal;
      const merchantId = companyOf(p);
      const now = clock.now();
      const done = await inTransaction(db, async (tx) => {
        const e = await repo.lockExchange(tx, id, merchantId);
        if (!e) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
        if (e.createdBy !== p.userId && !p.rights.has(RIGHT_ACTIONS.cancel))
          throw new DomainError('NO_RIGHTS_CANCEL');
        if (!FX_CANCELABLE.includes(e.status))
          throw new DomainError('FX_ACTION_NOT_ALLOWED', { status: e.status, action: 'canceled' });
        if (e.status === 'booked' && e.holdId !== null) await ledger().releaseHold(tx, e.holdId);
        return transition(tx, e, 'canceled', {
          actorId: p.userId,
          at: now,
          action: 'canceled',
          patch: { settleAfter: null },
          ctx,
        });
      });
      return viewOne(done, p);
    },

    async list(p: UserPrincipal, page: number, rows: number, f: FxListFilter) {
      const merchantId = companyOf(p);
      const { rows: list, total } = await repo.list(
        db,
        {
          merchantId,
          status: f.status,
          settlement: f.settlement,
          currency: f.currency,
          from: f.date_from ? new Date(`${f.date_from}T00:00:00Z`) : undefined,
          to: f.date_to ? new Date(new Date(`${f.date_to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
          order: f.sort_order ?? 'desc',
        },
        rows,
        (page - 1) * rows,
      );
      const names = await walletNames(p);
      return { exchanges: list.map((e) => toView(e, names, p)), total };
    },

    get: viewOf,
    settleDue,

    /** Settles every due booked exchange (sweep for jobs lost to a restart). */
    async runDue(): Promise<number> {
      let n = 0;
      for (const { id } of await repo.dueBooked(db, clock.now())) if (await settleDue(id)) n++;
      return n;
    },
  };
}
export type FxService = ReturnType<typeof createFxService>;
