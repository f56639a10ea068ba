import { describe, expect, it } from 'vitest';
import { splitByCalendarMonth, validateFeeStatementPeriod } from './statement-periods.ts';

describe('validateFeeStatementPeriod', () => {
  it.each([
    ['2025-03-06T00:00:00Z', '02/2025', null],
    ['2025-03-05T23:59:59Z', '02/2025', 'PERIOD_NOT_YET_AVAILABLE'],
    ['2025-03-05T23:59:59Z', '01/2025', null],
    ['2025-03-20T00:00:00Z', '03/2025', 'PERIOD_NOT_FINISHED'],
    ['2025-03-20T00:00:00Z', '12/2025', 'PERIOD_NOT_FINISHED'],
    ['2025-03-20T00:00:00Z', '12/2024', 'PERIOD_BEFORE_FIRST'],
    ['2028-06-10T00:00:00Z', '06/2025', null],
    ['2028-06-10T00:00:00Z', '05/2025', 'PERIOD_TOO_OLD'],
    ['2025-03-20T00:00:00Z', '2/2025', 'PERIOD_FORMAT'],
    ['2025-03-20T00:00:00Z', '13/2025', 'PERIOD_FORMAT'],
    ['2025-03-20T00:00:00Z', '2025-02', 'PERIOD_FORMAT'],
    ['2025-03-20T00:00:00Z', ' ', 'PERIOD_REQUIRED'],
  ])('at %s, %j → %s', (now, text, error) => {
    const result = validateFeeStatementPeriod(text, new Date(now));
    expect(result.ok ? null : result.error).toBe(error);
  });

  it('returns the parsed month', () => {
    expect(validateFeeStatementPeriod('01/2026', new Date('2026-02-10T00:00:00Z'))).toEqual({
      ok: true,
      year: 2026,
      month: 1,
    });
  });
});

describe('splitByCalendarMonth (UTC)', () => {
  const iso = (chunks: { from: Date; to: Date }[]) =>
    chunks.map((c) => [c.from.toISOString(), c.to.toISOString()]);

  it('splits at UTC month starts', () => {
    expect(
      iso(splitByCalendarMonth(new Date('2025-01-15T10:00:00Z'), new Date('2025-03-10T00:00:00Z'))),
    ).toEqual([
      ['2025-01-15T10:00:00.000Z', '2025-02-01T00:00:00.000Z'],
      ['2025-02-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z'],
      ['2025-03-01T00:00:00.000Z', '2025-03-10T00:00:00.000Z'],
    ]);
  });

  it('keeps a range inside one month whole and crosses years', () => {
    expect(
      splitByCalendarMonth(new Date('2025-05-01T00:00:00Z'), new Date('2025-06-01T00:00:00Z')),
    ).toHaveLength(1);
    expect(
      splitByCalendarMonth(new Date('2024-12-20T00:00:00Z'), new Date('2025-01-05T00:00:00Z')),
    ).toHaveLength(2);
  });

  it('gives nothing for an empty or reversed range', () => {
    const at = new Date('2025-05-01T00:00:00Z');
    expect(splitByCalendarMonth(at, at)).toEqual([]);
    expect(splitByCalendarMonth(at, new Date('2025-04-01T00:00:00Z'))).toEqual([]);
  });
});
