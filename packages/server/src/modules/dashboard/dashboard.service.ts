import {
  type ChecklistItem,
  compareCurrencies,
  DASHBOARD_SLIDE_CELLS,
  NO_RIGHTS_FOR_WIDGET,
  type PaymentStatus,
  type TransactionSign,
  WIDGET_RIGHTS,
  type WidgetType,
  widgetCellsCount,
} from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { movementWindows } from '../ledger/ledger-balances.service.ts';
import { money } from '../wallets/money.ts';
import { companyOf } from '../wallets/wallets.service.ts';
import * as repo from './dashboard.repo.ts';

export interface StatusCount {
  currency: string;
  status: PaymentStatus;
  direction: 'inbound' | 'outbound';
  quantity: number;
  amount: bigint;
}

/**
 * Where the status chart's numbers come from. Until payments exist they are derived from ledger
 * entries and holds; the payments area replaces it with its payment rows (`usePaymentSource`).
 */
export type PaymentStatusSource = (merchantId: string, since: Date) => Promise<StatusCount[]>;

interface WidgetIn {
  slide_no: number;
  placement: number;
  widget_type: WidgetType;
  parameters: { period?: string | undefined };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

/** Checklist items a client company acts on from the portal, and the screen where it does. */
const CHECKLIST_LINKS: Partial<Record<ChecklistItem, 'contacts' | 'featuresAlerts'>> = {
  contactsComplete: 'contacts',
  filesUploaded: 'featuresAlerts',
  personsVerified: 'featuresAlerts',
};

/**
 * A layout must keep every widget inside its slide's 4 cells and no two widgets on one cell;
 * the refusal names the widgets so the user knows what to move.
 */
export function assertLayout(widgets: readonly (WidgetIn & { cellsCount: number })[]): void {
  const taken = new Map<string, WidgetIn>();
  for (const w of widgets) {
    if (w.placement + w.cellsCount > DASHBOARD_SLIDE_CELLS)
      throw new DomainError('WIDGET_OUT_OF_GRID', { widget: w.widget_type, slide: w.slide_no });
    for (let c = 0; c < w.cellsCount; c++) {
      const key = `${w.slide_no}:${w.placement + c}`;
      const other = taken.get(key);
      if (other)
        throw new DomainError('WIDGET_OVERLAP', {
          first: other.widget_type,
          second: w.widget_type,
          slide: w.slide_no,
        });
      taken.set(key, w);
    }
  }
}

export function createDashboardService(deps: AppDeps) {
  const ledger = () => service(deps, 'ledger');

  async function companyAccounts(merchantId: string) {
    const wallets = await service(deps, 'wallets').walletsOf(merchantId);
    const totals = await ledger().walletTotals(
      deps.db,
      wallets.map((w) => w.id),
    );
    return { wallets, totals };
  }

  const ledgerSource: PaymentStatusSource = async (merchantId, since) => {
    const { totals } = await companyAccounts(merchantId);
    const ids = totals.map((t) => t.accountId);
    const [stats, pending] = await Promise.all([
      ledger().history.kindStats(deps.db, ids, since),
      ledger().history.pendingHoldStats(deps.db, ids, since),
    ]);
    const out: StatusCount[] = stats
      .filter((s) => s.kind !== 'reversal')
      .map((s) => ({
        currency: s.currency,
        status: s.reversed ? 'returned' : 'settled',
        direction: s.inbound ? 'inbound' : 'outbound',
        quantity: s.quantity,
        amount: s.amount,
      }));
    for (const p of pending) out.push({ ...p, status: 'pending', direction: 'outbound' });
    return out;
  };
  let source = ledgerSource;

  function present(principal: UserPrincipal, widgets: (WidgetIn & { id: number | null })[]) {
    return widgets.map((w) => {
      const hasRights = principal.isAdmin || principal.rights.has(WIDGET_RIGHTS[w.widget_type]);
      return {
        ...w,
        cellsCount: widgetCellsCount(w),
        has_rights: hasRights,
        message: hasRights ? null : NO_RIGHTS_FOR_WIDGET,
      };
    });
  }

  return {
    /** The ledger-derived source (the default until payments plug in theirs). */
    ledgerSource,

    usePaymentSource(next: PaymentStatusSource): void {
      source = next;
    },

    async widgets(principal: UserPrincipal, defaults: readonly WidgetIn[]) {
      const rows = await repo.widgetsOf(deps.db, principal.userId);
      const layout = rows.length
        ? rows.map((r) => ({
            id: r.id,
            slide_no: r.slideNo,
            placement: r.placement,
            widget_type: r.widgetType,
            parameters: r.parameters,
          }))
        : defaults.map((d) => ({ ...d, id: null }));
      return present(principal, layout);
    },

    async saveWidgets(principal: UserPrincipal, widgets: WidgetIn[]) {
      const sized = widgets.map((w) => ({ ...w, cellsCount: widgetCellsCount(w) }));
      assertLayout(sized);
      await inTransaction(deps.db, (tx) =>
        repo.replaceWidgets(
          tx,
          principal.userId,
          sized.map((w) => ({
            slideNo: w.slide_no,
            placement: w.placement,
            widgetType: w.widget_type,
            parameters: w.parameters.period ? { period: w.parameters.period } : {},
            cellsCount: w.cellsCount,
          })),
        ),
      );
      return this.widgets(principal, []);
    },

    /** Boarding to-do and go-live checklist of the company (spec §1), from its boarding record. */
    async checklist(principal: UserPrincipal) {
      const account = await repo.boardingAccountOf(deps.db, companyOf(principal));
      if (!account) return { has_boarding: false, state: null, go_live_at: null, items: [] };
      const list = await service(deps, 'boardingOverview').checklist(account.id);
      return {
        has_boarding: true,
        state: account.state,
        go_live_at: account.goLiveAt?.toISOString() ?? null,
        items: list.map((e) => ({ item: e.item, done: e.done, link: CHECKLIST_LINKS[e.item] ?? null })),
      };
    },

    /** Status chart: per currency (spec §9 order), quantity and amount per status. */
    async paymentStatuses(
      principal: UserPrincipal,
      q: { transaction_sign: TransactionSign; days: number; currency?: string | undefined },
      tzOffset = 0,
    ) {
      // N days are the caller's today and the N − 1 days before it, as the account details count
      // their "7 days" (ledger movementWindows), not the last N × 24 hours.
      const { today } = movementWindows(deps.clock.now(), tzOffset);
      const since = new Date(today.from.getTime() - (q.days - 1) * 86_400_000);
      const counts = (await source(companyOf(principal), since)).filter(
        (c) =>
          (q.transaction_sign === 'any' || c.direction === q.transaction_sign) &&
          (!q.currency || c.currency === q.currency),
      );
      const byCurrency = new Map<string, Map<PaymentStatus, { quantity: number; amount: bigint }>>();
      for (const c of counts) {
        const statuses = byCurrency.get(c.currency) ?? new Map();
        const cur = statuses.get(c.status) ?? { quantity: 0, amount: 0n };
        statuses.set(c.status, { quantity: cur.quantity + c.quantity, amount: cur.amount + c.amount });
        byCurrency.set(c.currency, statuses);
      }
      return [...byCurrency]
        .sort(([a], [b]) => compareCurrencies(a, b))
        .map(([currency, statuses]) => ({
          currency,
          statuses: [...statuses].map(([status, v]) => ({
            status,
            quantity: v.quantity,
            amount: money(v.amount, currency),
          })),
        }));
    },

    /** Latest money movements of the company's wallets. */
    async recent(principal: UserPrincipal, limit: number) {
      const { wallets, totals } = await companyAccounts(companyOf(principal));
      const lines = await ledger().history.latestLines(
        deps.db,
        totals.map((t) => t.accountId),
        limit,
      );
      return lines.map((l) => {
        const wallet = wallets.find((w) => w.id === l.walletId);
        return {
          entry_id: l.entryId,
          kind: l.kind,
          reference: l.reference,
          status: 'settled' as const,
          value_date: l.valueDate.toISOString(),
          wallet_id: l.walletId,
          wallet_uuid: wallet?.uuid ?? '',
          wallet_name: wallet?.uiName ?? '',
          currency: l.currency,
          amount: money(l.amount, l.currency),
          direction: l.amount < 0n ? ('outbound' as const) : ('inbound' as const),
          counterparty: l.details.counterparty ?? null,
        };
      });
    },
  };
}
