import { ONCHAIN_PAYOUT_WINDOW, ONCHAIN_USD_CANCEL_AFTER } from '../enums/constants.ts';

/**
 * The on-chain payout window of spec §9: transfers are sent between 06:00 (inclusive) and 12:00
 * (exclusive) UK time, every day, in Europe/London wall-clock time, so the window follows
 * daylight saving (05:00-11:00 UTC in summer, 06:00-12:00 UTC in winter). A request outside it is
 * accepted and queued for the next window. A USD-funded transfer not settled by 12:30 UK time of
 * the day it was (or will be) sent is cancelled and its hold released.
 */

const ZONE = ONCHAIN_PAYOUT_WINDOW.timeZone;

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Wall-clock parts of an instant in Europe/London. */
export function londonParts(at: Date): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter.formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const minutesOf = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** The instant of a London wall-clock time on a London calendar day (times here never fall in a DST gap). */
export function londonInstant(year: number, month: number, day: number, minutes: number): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const p = londonParts(new Date(instant));
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    instant += guess - seen;
  }
  return new Date(instant);
}

const START = minutesOf(ONCHAIN_PAYOUT_WINDOW.start);
const END = minutesOf(ONCHAIN_PAYOUT_WINDOW.end);
const USD_CUTOFF = minutesOf(ONCHAIN_USD_CANCEL_AFTER.time);

export interface OnchainWindowState {
  /** The window is open now. */
  open: boolean;
  /** When the transfer will be sent: now when open, else the next 06:00 UK time. */
  sendAt: Date;
  /** The end (12:00 UK) of the window it is sent in. */
  closesAt: Date;
  /** 12:30 UK on the day it is sent: a USD-funded transfer not settled by then is cancelled. */
  usdCancelAt: Date;
}

/** Where `now` stands against the on-chain window (see the module comment for the rules). */
export function onchainWindow(now: Date): OnchainWindowState {
  const p = londonParts(now);
  const minute = p.hour * 60 + p.minute;
  let { year, month, day } = p;
  const open = minute >= START && minute < END;
  if (minute >= END) {
    // Next London calendar day (UTC date arithmetic on the wall-clock date is exact).
    const next = new Date(Date.UTC(year, month - 1, day + 1));
    year = next.getUTCFullYear();
    month = next.getUTCMonth() + 1;
    day = next.getUTCDate();
  }
  return {
    open,
    sendAt: open ? now : londonInstant(year, month, day, START),
    closesAt: londonInstant(year, month, day, END),
    usdCancelAt: londonInstant(year, month, day, USD_CUTOFF),
  };
}
