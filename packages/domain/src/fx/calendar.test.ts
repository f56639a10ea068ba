import { describe, expect, it } from 'vitest';
import {
  cetOffsetMinutes,
  fxHolidays,
  fxSettlesAt,
  fxValueDate,
  isFxBusinessDay,
  isFxWorkingTime,
  nextFxBusinessDay,
} from './calendar.ts';

describe('FX calendar', () => {
  it('knows CET and CEST', () => {
    expect(cetOffsetMinutes(new Date('2026-01-15T12:00:00Z'))).toBe(60);
    expect(cetOffsetMinutes(new Date('2026-07-15T12:00:00Z'))).toBe(120);
    expect(cetOffsetMinutes(new Date('2026-03-29T00:59:00Z'))).toBe(60);
    expect(cetOffsetMinutes(new Date('2026-03-29T01:00:00Z'))).toBe(120);
  });

  it('has the TARGET2 holidays incl. Easter', () => {
    expect(fxHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(isFxBusinessDay('2026-04-03')).toBe(false);
    expect(isFxBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isFxBusinessDay('2026-11-23')).toBe(true);
  });

  it('skips weekends and holidays for the next business day', () => {
    expect(nextFxBusinessDay('2026-11-20')).toBe('2026-11-23'); // Fri → Mon
    expect(nextFxBusinessDay('2026-04-02')).toBe('2026-04-07'); // Thu → over Good Friday, weekend, Easter Monday
    expect(nextFxBusinessDay('2026-12-24')).toBe('2026-12-28');
  });

  it('working hours Mon-Fri 9-18 CET; SBD until the 14:00 cut-off; NBD next business day', () => {
    // Monday 23 Nov 2026, CET = UTC+1
    expect(isFxWorkingTime(new Date('2026-11-23T07:59:00Z'))).toBe(false);
    expect(isFxWorkingTime(new Date('2026-11-23T08:00:00Z'))).toBe(true);
    expect(isFxWorkingTime(new Date('2026-11-23T16:59:00Z'))).toBe(true);
    expect(isFxWorkingTime(new Date('2026-11-23T17:00:00Z'))).toBe(false);
    expect(fxValueDate('sbd', new Date('2026-11-23T12:59:00Z'))).toEqual({
      ok: true,
      valueDate: '2026-11-23',
    });
    expect(fxValueDate('sbd', new Date('2026-11-23T13:00:00Z'))).toEqual({
      ok: false,
      error: 'FX_SBD_CUTOFF_PASSED',
    });
    expect(fxValueDate('nbd', new Date('2026-11-27T16:00:00Z'))).toEqual({
      ok: true,
      valueDate: '2026-11-30',
    });
    expect(fxValueDate('nbd', new Date('2026-11-28T10:00:00Z'))).toEqual({
      ok: false,
      error: 'FX_OUTSIDE_WORKING_HOURS',
    });
    expect(fxValueDate('instant', new Date('2026-11-28T23:30:00Z'))).toEqual({
      ok: true,
      valueDate: '2026-11-29',
    });
  });

  it('settles at 16:00 CET on the value date', () => {
    expect(fxSettlesAt('2026-11-24').toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(fxSettlesAt('2026-07-01').toISOString()).toBe('2026-07-01T14:00:00.000Z');
  });
});
