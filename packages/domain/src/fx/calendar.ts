import type { FxSettlement } from './limits.ts';

/**
 * FX calendar (spec §9: FX time NBD or SBD; working hours Mon–Fri 9–18 CET). Pure date maths on
 * the clock, no time-zone database: Central European Time is UTC+1 and UTC+2 in summer, switching
 * on the EU rule (last Sunday of March and of October at 01:00 UTC).
 *
 * Choices (docs/decisions.md "FX"):
 * - business day: Monday–Friday that is not a TARGET2 closing day (1 Jan, Good Friday, Easter
 *   Monday, 1 May, 25 and 26 Dec) nor in {@link FX_EXTRA_HOLIDAYS};
 * - NBD and SBD are booked inside working hours on a business day; SBD only until the 14:00 CET
 *   cut-off; NBD value date is the next business day;
 * - a booked exchange settles at {@link FX_SETTLEMENT_TIME} CET on its value date;
 * - Instant FX runs around the clock (value date = today in CET).
 */
export const FX_WORKING_HOURS = { start: '09:00', end: '18:00', weekdays: [1, 2, 3, 4, 5] } as const;
export const FX_SBD_CUTOFF = '14:00';
export const FX_SETTLEMENT_TIME = '16:00';
/** Extra closing days (YYYY-MM-DD) on top of TARGET2's; empty by default. */
export const FX_EXTRA_HOLIDAYS: readonly string[] = [];

const DAY_MS = 86_400_000;

function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** The last Sunday of a month (UTC date at 01:00 UTC). */
function lastSunday0100(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  const back = last.getUTCDay(); // 0 = Sunday
  return Date.UTC(year, month, last.getUTCDate() - back, 1);
}

/** Minutes CET/CEST is ahead of UTC at `at`. */
export function cetOffsetMinutes(at: Date): number {
  const y = at.getUTCFullYear();
  const t = at.getTime();
  return t >= lastSunday0100(y, 2) && t < lastSunday0100(y, 9) ? 120 : 60;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Local CET date ('YYYY-MM-DD'), minutes since local midnight and ISO weekday (1 = Monday). */
export function cetLocal(at: Date): { date: string; minutes: number; weekday: number } {
  const local = new Date(at.getTime() + cetOffsetMinutes(at) * 60_000);
  return {
    date: isoOf(local),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    weekday: ((local.getUTCDay() + 6) % 7) + 1,
  };
}

/** Easter Sunday (Gregorian, anonymous algorithm) as a UTC midnight date. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** TARGET2 closing days of a year plus the extra list. */
export function fxHolidays(year: number): string[] {
  const easter = easterSunday(year).getTime();
  return [
    `${year}-01-01`,
    isoOf(new Date(easter - 2 * DAY_MS)),
    isoOf(new Date(easter + DAY_MS)),
    `${year}-05-01`,
    `${year}-12-25`,
    `${year}-12-26`,
    ...FX_EXTRA_HOLIDAYS.filter((d) => d.startsWith(`${year}-`)),
  ];
}

const parseIso = (date: string) => {
  const [y = '0', m = '1', d = '1'] = date.split('-');
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
};

export function isFxBusinessDay(date: string): boolean {
  const d = parseIso(date);
  const weekday = ((d.getUTCDay() + 6) % 7) + 1;
  if (weekday > 5) return false;
  return !fxHolidays(d.getUTCFullYear()).includes(date);
}

/** The first business day strictly after `date`. */
export function nextFxBusinessDay(date: string): string {
  let d = parseIso(date);
  for (let i = 0; i < 30; i++) {
    d = new Date(d.getTime() + DAY_MS);
    const iso = isoOf(d);
    if (isFxBusinessDay(iso)) return iso;
  }
  throw new Error('no business day within 30 days');
}

/** Inside working hours: a business day, 09:00 ≤ CET time < 18:00. */
export function isFxWorkingTime(at: Date): boolean {
  const l = cetLocal(at);
  return (
    isFxBusinessDay(l.date) &&
    l.minutes >= minutesOf(FX_WORKING_HOURS.start) &&
    l.minutes < minutesOf(FX_WORKING_HOURS.end)
  );
}

export type ValueDateError = 'FX_OUTSIDE_WORKING_HOURS' | 'FX_SBD_CUTOFF_PASSED';
export type ValueDateResult = { ok: true; valueDate: string } | { ok: false; error: ValueDateError };

/** The value date of an exchange booked at `at`, or why it cannot be booked now. */
export function fxValueDate(settlement: FxSettlement, at: Date): ValueDateResult {
  const l = cetLocal(at);
  if (settlement === 'instant') return { ok: true, valueDate: l.date };
  if (!isFxWorkingTime(at)) return { ok: false, error: 'FX_OUTSIDE_WORKING_HOURS' };
  if (settlement === 'sbd') {
    if (l.minutes >= minutesOf(FX_SBD_CUTOFF)) return { ok: false, error: 'FX_SBD_CUTOFF_PASSED' };
    return { ok: true, valueDate: l.date };
  }
  return { ok: true, valueDate: nextFxBusinessDay(l.date) };
}

/** The UTC instant a CET wall-clock time of a date falls on. */
export function cetInstant(date: string, hhmm: string): Date {
  const base = parseIso(date).getTime() + minutesOf(hhmm) * 60_000;
  // The offset at that local time: try the winter offset, then correct if summer applies.
  const guess = new Date(base - 60 * 60_000);
  const offset = cetOffsetMinutes(guess);
  return new Date(base - offset * 60_000);
}

/** When a booked exchange settles: its value date at the settlement time, CET. */
export function fxSettlesAt(valueDate: string): Date {
  return cetInstant(valueDate, FX_SETTLEMENT_TIME);
}

/** What the NBD/SBD dialog shows now: which settlements are open and their value dates. */
export function fxBookingWindow(at: Date): {
  workingTime: boolean;
  sbd: string | null;
  nbd: string | null;
} {
  const sbd = fxValueDate('sbd', at);
  const nbd = fxValueDate('nbd', at);
  return {
    workingTime: isFxWorkingTime(at),
    sbd: sbd.ok ? sbd.valueDate : null,
    nbd: nbd.ok ? nbd.valueDate : null,
  };
}
