/**
 * Calendar dates as ISO 'YYYY-MM-DD' text, compared as text (the format sorts chronologically).
 * Birth dates and document dates are plain dates with no time zone.
 */

/** A parsed calendar date. */
export interface PlainDate {
  year: number;
  month: number;
  day: number;
}

/** Parses 'YYYY-MM-DD', rejecting impossible dates such as 2023-02-29. */
export function parsePlainDate(text: string): PlainDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** 'YYYY-MM-DD' of a plain date. */
export function formatPlainDate(date: PlainDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** The calendar date of an instant at a UTC offset (minutes east of UTC). */
export function plainDateAt(now: Date, tzOffsetMinutes = 0): PlainDate {
  const local = new Date(now.getTime() + tzOffsetMinutes * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/**
 * Adds calendar months, clamping the day to the target month's length
 * (2024-01-31 + 1 month → 2024-02-29), as people count "one month from today".
 */
export function addMonths(date: PlainDate, months: number): PlainDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}

/** Adds whole years (29 February falls back to 28 in common years). */
export function addYears(date: PlainDate, years: number): PlainDate {
  return addMonths(date, years * 12);
}
