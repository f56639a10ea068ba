/** Period codes of dashboard widgets (spec §9): a count and a suffix w, m or y. */

/** Days per period suffix (spec §9): a month counts 30 days and a year 360. */
export const PERIOD_SUFFIX_DAYS = { w: 7, m: 30, y: 360 } as const;
export type PeriodSuffix = keyof typeof PERIOD_SUFFIX_DAYS;

/** A Chart widget spans 2 dashboard cells from this many days of period. */
export const CHART_WIDE_PERIOD_DAYS = 90;

/** Days of a period code ('3m' → 90, '1w' → 7, '2y' → 720), or null for anything else. */
export function periodDays(code: string): number | null {
  const match = /^([1-9]\d*)([wmy])$/.exec(code.trim());
  if (match === null) return null;
  const [, count = '', suffix = ''] = match;
  const daysPerUnit: Readonly<Record<string, number>> = PERIOD_SUFFIX_DAYS;
  const unit = daysPerUnit[suffix];
  return unit === undefined ? null : Number(count) * unit;
}

/** The placement-relevant part of a dashboard widget (spec §3). */
export interface WidgetLike {
  widget_type: string;
  parameters?: { period?: string } | null;
}

/** Cells a widget takes (spec §9): a Chart with a period of 90 days or more spans 2, all else 1. */
export function widgetCellsCount(widget: WidgetLike): 1 | 2 {
  if (widget.widget_type !== 'Chart') return 1;
  const days = periodDays(widget.parameters?.period ?? '');
  return days !== null && days >= CHART_WIDE_PERIOD_DAYS ? 2 : 1;
}
