import {
  FEE_STATEMENT_AVAILABLE_AFTER_DAY,
  FEE_STATEMENT_FIRST_PERIOD,
  FEE_STATEMENT_LOOKBACK_YEARS,
} from '../enums/constants.ts';

/** Fee statement period error codes; the browser shows `errors.<code>`. */
export type FeeStatementPeriodError =
  | 'PERIOD_REQUIRED'
  | 'PERIOD_FORMAT'
  | 'PERIOD_BEFORE_FIRST'
  | 'PERIOD_TOO_OLD'
  | 'PERIOD_NOT_FINISHED'
  | 'PERIOD_NOT_YET_AVAILABLE';

export type FeeStatementPeriodResult =
  | { ok: true; year: number; month: number }
  | { ok: false; error: FeeStatementPeriodError };

const monthIndex = (year: number, month: number) => year * 12 + (month - 1);

/**
 * Fee statement period 'MM/YYYY' (spec §5, §9), judged in UTC like statements: from 01/2025,
 * no more than 3 years (36 months) before the current month, only finished months, and the
 * previous month only after the 5th day of the current month (from the 6th, once fees are booked).
 */
export function validateFeeStatementPeriod(text: string, now: Date): FeeStatementPeriodResult {
  const value = text.trim();
  if (value === '') return { ok: false, error: 'PERIOD_REQUIRED' };
  const match = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(value);
  if (match === null) return { ok: false, error: 'PERIOD_FORMAT' };
  const month = Number(match[1]);
  const year = Number(match[2]);
  const period = monthIndex(year, month);
  const current = monthIndex(now.getUTCFullYear(), now.getUTCMonth() + 1);
  if (period < monthIndex(FEE_STATEMENT_FIRST_PERIOD.year, FEE_STATEMENT_FIRST_PERIOD.month)) {
    return { ok: false, error: 'PERIOD_BEFORE_FIRST' };
  }
  if (period < current - FEE_STATEMENT_LOOKBACK_YEARS * 12) return { ok: false, error: 'PERIOD_TOO_OLD' };
  if (period >= current) return { ok: false, error: 'PERIOD_NOT_FINISHED' };
  if (period === current - 1 && now.getUTCDate() <= FEE_STATEMENT_AVAILABLE_AFTER_DAY) {
    return { ok: false, error: 'PERIOD_NOT_YET_AVAILABLE' };
  }
  return { ok: true, year, month };
}

/** One chunk of a statement period: `from` inclusive, `to` exclusive. */
export interface StatementChunk {
  from: Date;
  to: Date;
}

/**
 * Splits a statement period [from, to) at UTC month boundaries (spec §5: statements are in UTC
 * and large periods are split by calendar month). Empty when `to` is not after `from`.
 */
export function splitByCalendarMonth(from: Date, to: Date): StatementChunk[] {
  const chunks: StatementChunk[] = [];
  let start = from.getTime();
  const end = to.getTime();
  while (start < end) {
    const at = new Date(start);
    const nextMonth = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
    const stop = Math.min(nextMonth, end);
    chunks.push({ from: new Date(start), to: new Date(stop) });
    start = stop;
  }
  return chunks;
}
