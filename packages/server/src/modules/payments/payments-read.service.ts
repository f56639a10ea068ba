import {
  checkRulesFor,
  COP_METHODS,
  csvLine,
  DIRECTION_METHODS,
  EXPORT_MAX_ROWS,
  fromMinor,
  isCurrencyCode,
  LIST_COUNT_CAP,
  METHOD_LIMITS,
  METHOD_REQUISITES,
  methodLabel,
  normalizeFilter,
  PAYMENT_METHODS,
  type PaymentFilters,
  type PaymentMethod,
  type PaymentMethodDirection,
  type RequisiteSpec,
  resolvePeriod,
  STOPPABLE_METHODS,
  type WorkMode,
} from '@portal/domain';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { companyOf, money } from './payment-flow.ts';
import * as repo from './payments.repo.ts';
import { isMethod, toView } from './view.ts';

const SORT_COLUMNS = {
  creation_date: 'created_at',
  settlement_date: 'settled_at',
  amount: 'amount',
  status: 'status',
  currency: 'currency',
  payee: 'payee_name',
} as const satisfies Record<PaymentFilters['sort_param'], repo.SortColumn>;

/** Amount filters are typed with two decimals (spec §5), the exponent of every payout currency. */
const cents = (decimal: string): bigint => {
  const [whole = '0', frac = ''] = decimal.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};

/** No period: the Balance tab's account figures cover every movement ever booked. */
const ALL_TIME = { from: new Date(0), to: new Date('9999-12-31T00:00:00.000Z') };

/** Lists, exports, balances and reference data of payments; always scoped to the caller's company. */
/**
 * How long a list filter known to match more than LIST_COUNT_CAP payments answers "more than
 * 10,000" without counting again. That count reads 10,001 index entries (3–10 ms, most of a list
 * call at a million payments) and its answer hardly ever changes; a smaller total is counted exactly
 * every time. The price: for up to this long after a filter drops below the cap, it still says
 * "more than 10,000" (docs/decisions.md).
 */
export const CAPPED_TOTAL_TTL_MS = 30_000;
/** Filters remembered as capped per process; the map starts over when full. */
const CAPPED_TOTALS_MAX = 1_000;

export function createPaymentsReadService(deps: AppDeps) {
  const { db, clock } = deps;
  /** List filter (as JSON) → until when it is known to match more than LIST_COUNT_CAP payments. */
  const cappedUntil = new Map<string, number>();

  async function cappedCount(where: ReturnType<typeof repo.paymentWhere>, filterKey: string) {
    const now = clock.now().getTime();
    if ((cappedUntil.get(filterKey) ?? 0) > now) return LIST_COUNT_CAP + 1;
    const counted = await repo.countPayments(db, where, LIST_COUNT_CAP);
    if (counted > LIST_COUNT_CAP) {
      if (cappedUntil.size >= CAPPED_TOTALS_MAX) cappedUntil.clear();
      cappedUntil.set(filterKey, now + CAPPED_TOTAL_TTL_MS);
    }
    return counted;
  }

  /** The list filter of the caller's company, with the wallet checked and the patterns resolved. */
  async function listFilter(
    principal: UserPrincipal,
    mode: WorkMode,
    f: PaymentFilters,
    tzOffset: number,
  ): Promise<repo.PaymentListFilter> {
    const merchantId = companyOf(principal);
    const direction = mode.startsWith('payin')
      ? 'inbound'
      : mode.startsWith('payout')
        ? 'outbound'
        : f.direction;
    const c: repo.PaymentListFilter = {
      merchantId,
      direction: direction === 'any' ? undefined : direction,
      modeStatus: mode.endsWith('_pending') ? 'in_flight' : mode.endsWith('_settled') ? 'settled' : undefined,
    };
    if (f.period) {
      const range = resolvePeriod(f.period, clock.now(), tzOffset);
      c.created = { from: range.from, to: range.to };
    }
    if (f.date_from) c.createdFrom = new Date(f.date_from);
    if (f.date_to) c.createdTo = new Date(f.date_to);
    if (f.statuses?.length) c.statuses = f.statuses;
    if (f.methods?.length) c.methods = f.methods;
    if (f.currencies?.length) c.currencies = f.currencies;
    if (f.amount_from) c.amountFrom = cents(f.amount_from);
    if (f.amount_to) c.amountTo = cents(f.amount_to);
    if (f.wallet_id) {
      const wallet = await service(deps, 'wallets').getWalletForMerchant(db, merchantId, f.wallet_id);
      c.walletId = wallet.id;
    }
    if (f.counterparty) {
      const name = normalizeFilter('counterparty', f.counterparty).value;
      const account = normalizeFilter('iban_number', f.counterparty).value;
      const wrap = (v: string) => (v.includes('%') ? v : `%${v}%`);
      c.counterparty = { name: wrap(name), account: wrap(account) };
    }
    if (f.virtual_account) {
      // VA pay-ins carry the VA and its customer in requisites (virtual-accounts area, processing hook).
      const value = normalizeFilter('counterparty', f.virtual_account).value;
      const pattern = value.includes('%') ? value : `%${value}%`;
      const number = normalizeFilter('iban_number', f.virtual_account).value;
      c.virtualAccount = { number, customerId: f.virtual_account, customerName: pattern };
    }
    return c;
  }

  const sortOf = (f: PaymentFilters) => ({
    column: SORT_COLUMNS[f.sort_param],
    desc: f.sort_order === 'desc',
  });

  return {
    /** A company's payment events above an id, oldest first (the notification stream's feed). */
    eventsSince: (merchantId: string, afterId: number, limit: number) =>
      repo.eventsSince(db, merchantId, afterId, limit),
    /** The newest payment event id of a company, 0 without events. */
    lastEventId: (merchantId: string) => repo.lastEventId(db, merchantId),
    async list(
      principal: UserPrincipal,
      mode: WorkMode,
      page: number,
      rows: number,
      f: PaymentFilters,
      tz: number,
    ) {
      const filter = await listFilter(principal, mode, f, tz);
      const w = repo.paymentWhere(filter);
      const [list, counted] = await Promise.all([
        repo.listPayments(db, w, sortOf(f), rows, (page - 1) * rows),
        cappedCount(
          w,
          JSON.stringify(filter, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
        ),
      ]);
      return {
        payments: list.map((l) => toView(l, principal)),
        total: Math.min(counted, LIST_COUNT_CAP),
        total_capped: counted > LIST_COUNT_CAP,
      };
    },

    /** CSV of the first EXPORT_MAX_ROWS rows; formulas neutralised by `csvCell`. */
    async exportCsv(principal: UserPrincipal, mode: WorkMode, f: PaymentFilters, tz: number) {
      const w = repo.paymentWhere(await listFilter(principal, mode, f, tz));
      const list = await repo.listPayments(db, w, sortOf(f), EXPORT_MAX_ROWS + 1, 0);
      const truncated = list.length > EXPORT_MAX_ROWS;
      const header = [
        'reference_uuid',
        'original_pm_label',
        'transaction_type',
        'status',
        'creation_date',
        'capture_date',
        'charge_date',
        'settlement_date',
        'currency',
        'net',
        'gross',
        'fee',
        'corresponding_client',
        'corresponding_iban',
        'corresponding_account',
        'comments',
        'errors',
      ];
      let csv = csvLine(header);
      for (const l of list.slice(0, EXPORT_MAX_ROWS)) {
        const v = toView(l, principal);
        const c = v.corresponding_client;
        csv += csvLine([
          v.reference_uuid,
          v.original_pm_label,
          v.transaction_type,
          v.status,
          v.creation_date,
          v.capture_date,
          v.charge_date,
          v.settlement_date,
          v.currency,
          v.net_amount,
          v.gross_amount,
          v.fee_amount,
          c.name,
          c.iban,
          c.account,
          v.comments,
          v.errors,
        ]);
      }
      return { csv, truncated };
    },

    async balances(principal: UserPrincipal, f: PaymentFilters, tz: number) {
      // Exchange legs are neither pay-ins nor pay-outs: FX shows them (docs/decisions.md "FX").
      const filter = await listFilter(principal, 'all', f, tz);
      const w = repo.withoutExchanges(repo.paymentWhere(filter));
      // The accounts' own in/out of the same period (every movement, fees included), from the
      // ledger's one in/out function, so this tab agrees with account details (issue 36).
      const range = {
        from: filter.created?.from ?? filter.createdFrom ?? ALL_TIME.from,
        to: filter.created?.to ?? (filter.createdTo ? new Date(filter.createdTo.getTime() + 1) : ALL_TIME.to),
      };
      const [rows, flows] = await Promise.all([
        repo.balances(db, w),
        service(deps, 'walletBalances').companyFlows(filter.merchantId, range, {
          walletId: filter.walletId,
          currencies: filter.currencies,
        }),
      ]);
      const empty = () => ({
        payin_settled: 0n,
        payin_pending: 0n,
        payout_settled: 0n,
        payout_pending: 0n,
        payin_quantity: 0,
        payout_quantity: 0,
      });
      const byCurrency = new Map<string, ReturnType<typeof empty>>();
      for (const r of rows) {
        const b = byCurrency.get(r.currency) ?? empty();
        if (r.direction === 'inbound') {
          b.payin_settled += BigInt(r.settled);
          b.payin_pending += BigInt(r.pending);
          b.payin_quantity += r.quantity;
        } else {
          b.payout_settled += BigInt(r.settled);
          b.payout_pending += BigInt(r.pending);
          b.payout_quantity += r.quantity;
        }
        byCurrency.set(r.currency, b);
      }
      for (const currency of flows.keys()) if (!byCurrency.has(currency)) byCurrency.set(currency, empty());
      return [...byCurrency].map(([currency, b]) => ({
        currency,
        account_in: money(flows.get(currency)?.in ?? 0n, currency),
        account_out: money(flows.get(currency)?.out ?? 0n, currency),
        payin_settled: money(b.payin_settled, currency),
        payin_pending: money(b.payin_pending, currency),
        payout_settled: money(b.payout_settled, currency),
        payout_pending: money(b.payout_pending, currency),
        payin_quantity: b.payin_quantity,
        payout_quantity: b.payout_quantity,
      }));
    },

    async detail(principal: UserPrincipal, id: string) {
      const listed = await repo.findListed(db, id, companyOf(principal));
      if (!listed) throw new DomainError('PAYMENT_NOT_FOUND');
      const events = await repo.history(db, id);
      return {
        payment: toView(listed, principal),
        history: events.map((e) => ({
          status: e.status,
          at: e.at.toISOString(),
          actor: e.actor,
          note: e.note,
        })),
      };
    },

    async dataForCopy(principal: UserPrincipal, id: string) {
      const listed = await repo.findListed(db, id, companyOf(principal));
      if (!listed || listed.p.direction !== 'outbound' || !isMethod(listed.p.method))
        throw new DomainError('PAYMENT_NOT_FOUND');
      const p = listed.p;
      return {
        wallet_id: String(p.walletId),
        payment_method: listed.p.method,
        payment_details: {
          currency: p.currency,
          amount: money(p.amount, p.currency),
          requisites: p.requisites,
          payee_type: p.payeeType === 'individual' ? ('individual' as const) : ('corporate' as const),
          comments: p.comments,
        },
      };
    },

    async methods(
      principal: UserPrincipal,
      direction: PaymentMethodDirection,
      merchantId: string,
      currency: string,
    ) {
      if (merchantId !== companyOf(principal)) throw new DomainError('NOT_FOUND');
      const disabled = await repo.disabledMethods(db, merchantId, direction);
      const methods: readonly PaymentMethod[] = DIRECTION_METHODS[direction];
      return methods
        .filter((m) => !disabled.includes(m))
        .filter((m) => {
          const currencies: readonly string[] = PAYMENT_METHODS[m].currencies;
          return currency === 'all' || currencies.length === 0 || currencies.includes(currency);
        })
        .map((m) => {
          const limits = METHOD_LIMITS[m];
          const unit = PAYMENT_METHODS[m].currencies[0] ?? 'EUR';
          const specs: readonly RequisiteSpec[] = METHOD_REQUISITES[m];
          return {
            code: m,
            label: methodLabel(m),
            currencies: [...PAYMENT_METHODS[m].currencies],
            requisites: specs.map((s) => ({
              field: s.field,
              required: s.required,
              format: s.format ?? null,
              max_length: s.maxLength,
            })),
            min_amount: isCurrencyCode(unit) ? fromMinor(limits.min, unit) : null,
            max_amount: isCurrencyCode(unit) ? fromMinor(limits.max, unit) : null,
            check_rules: checkRulesFor(m),
            stoppable: STOPPABLE_METHODS.includes(m),
            cop: COP_METHODS.includes(m),
          };
        });
    },
  };
}

/** One payment event row as the notification stream reads it. */
export type PaymentEventRow = Awaited<ReturnType<typeof repo.eventsSince>>[number];
