/**
 * Date filter periods (spec §2) resolved to instants in the user's time zone. Pure: the caller
 * passes `now` and the offset, so the same inputs always give the same range.
 */

/** Filter period codes in the order the date filter lists them. */
export const DATE_FILTER_PERIODS = [
  'last7Days',
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'lastQuarter',
  'thisYear',
  'lastYear',
] as const;
export type DateFilterPeriod = (typeof DATE_FILTER_PERIODS)[number];

/** A half-open range of instants: `from` inclusive, `to` exclusive (the start of the next day). */
export interface DateRange {
  from: Date;
  to: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Start of a local calendar day, as an instant. Month and day may overflow, as in Date.UTC. */
function localStart(year: number, month: number, day: number, offsetMinutes: number): Date {
  return new Date(Date.UTC(year, month, day) - offsetMinutes * MINUTE_MS);
}

/**
 * Resolves a filter period to `{ from, to }` in the user's time zone. `tzOffsetMinutes` is
 * minutes east of UTC (CET = 60, New York in winter = -300), the opposite sign of
 * `Date#getTimezoneOffset()`. Weeks start on Monday (ISO 8601). Periods are whole calendar
 * periods ('this month' ends at the start of next month); 'last 7 days' is today and the six
 * days before.
 */
export function resolvePeriod(code: DateFilterPeriod, now: Date, tzOffsetMinutes: number): DateRange {
  // Shift into local wall-clock time and read its calendar fields through the UTC getters.
  const local = new Date(now.getTime() + tzOffsetMinutes * MINUTE_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const isoWeekday = ((local.getUTCDay() + 6) % 7) + 1;
  const quarterStart = m - (m % 3);
  const day = (dayDelta: number) => localStart(y, m, d + dayDelta, tzOffsetMinutes);
  const month = (monthDelta: number) => localStart(y, m + monthDelta, 1, tzOffsetMinutes);
  switch (code) {
    case 'last7Days':
      return { from: day(-6), to: day(1) };
    case 'today':
      return { from: day(0), to: day(1) };
    case 'yesterday':
      return { from: day(-1), to: day(0) };
    case 'thisWeek':
      return { from: day(1 - isoWeekday), to: day(8 - isoWeekday) };
    case 'lastWeek':
      return { from: day(-6 - isoWeekday), to: day(1 - isoWeekday) };
    case 'thisMonth':
      return { from: month(0), to: month(1) };
    case 'lastMonth':
      return { from: month(-1), to: month(0) };
    case 'thisQuarter':
      return { from: month(quarterStart - m), to: month(quarterStart - m + 3) };
    case 'lastQuarter':
      return { from: month(quarterStart - m - 3), to: month(quarterStart - m) };
    case 'thisYear':
      return { from: localStart(y, 0, 1, tzOffsetMinutes), to: localStart(y + 1, 0, 1, tzOffsetMinutes) };
    case 'lastYear':
      return { from: localStart(y - 1, 0, 1, tzOffsetMinutes), to: localStart(y, 0, 1, tzOffsetMinutes) };
    default:
      return assertNever(code);
  }
}

function assertNever(value: never): never {
  throw new Error(`unknown date filter period ${String(value)}`);
}

/** Whole days in a range, for display ('7 days'); ranges here always start at local midnight. */
export function rangeDays(range: DateRange): number {
  return Math.round((range.to.getTime() - range.from.getTime()) / DAY_MS);
}
