import { RIGHT_ACTIONS } from '../identity/action-rights.ts';

/** Dashboard widget types (spec §2, §3). */
export const WIDGET_TYPES = ['Chart', 'Balances', 'RecentPayments', 'InstantFx', 'Checklist'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** The action right a widget needs; without it the widget shows 'No rights for widget' (spec §2). */
export const WIDGET_RIGHTS = {
  Chart: 'notifications/getNewTransactionsNotification',
  Balances: 'wallets/accGetWalletsByMerchant',
  RecentPayments: 'notifications/getNewTransactionsNotification',
  InstantFx: RIGHT_ACTIONS.instantFx,
  Checklist: 'merchants/view',
} as const satisfies Record<WidgetType, string>;

export const NO_RIGHTS_FOR_WIDGET = 'No rights for widget';

/** Cells of one dashboard slide (docs/decisions.md); a 2-cell widget takes `placement` and the next. */
export const DASHBOARD_SLIDE_CELLS = 4;

/** Layout a user gets before saving their own. */
export const DEFAULT_WIDGET_LAYOUT = [
  { slide_no: 1, placement: 0, widget_type: 'Balances', parameters: {} },
  { slide_no: 1, placement: 1, widget_type: 'Chart', parameters: { period: '3m' } },
  { slide_no: 1, placement: 3, widget_type: 'RecentPayments', parameters: {} },
  { slide_no: 2, placement: 0, widget_type: 'InstantFx', parameters: {} },
  { slide_no: 2, placement: 1, widget_type: 'Checklist', parameters: {} },
] as const satisfies readonly {
  slide_no: number;
  placement: number;
  widget_type: WidgetType;
  parameters: { period?: string };
}[];

/** Which cells each widget occupies; null when two overlap or one runs past its slide's end. */
export function layoutCells(
  widgets: readonly { slide_no: number; placement: number; cellsCount: number }[],
): Map<string, number> | null {
  const taken = new Map<string, number>();
  for (const [index, w] of widgets.entries()) {
    if (w.placement < 0 || w.placement + w.cellsCount > DASHBOARD_SLIDE_CELLS) return null;
    for (let c = 0; c < w.cellsCount; c++) {
      const key = `${w.slide_no}:${w.placement + c}`;
      if (taken.has(key)) return null;
      taken.set(key, index);
    }
  }
  return taken;
}

/** Notice of the balances widget when an account is below zero (spec §2). */
export const NEGATIVE_BALANCE_NOTICE = 'One or more accounts have a negative balance. Please top them up.';
