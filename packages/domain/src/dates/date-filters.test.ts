import { describe, expect, it } from 'vitest';
import { DATE_FILTER_PERIODS, rangeDays, resolvePeriod } from './date-filters.ts';

const iso = (date: Date) => date.toISOString();

describe('resolvePeriod', () => {
  // Wednesday 2025-05-14 10:00 UTC; in London (BST, +60) it is 11:00 the same day.
  const now = new Date('2025-05-14T10:00:00Z');

  it.each([
    ['today', '2025-05-13T23:00:00.000Z', '2025-05-14T23:00:00.000Z'],
    ['yesterday', '2025-05-12T23:00:00.000Z', '2025-05-13T23:00:00.000Z'],
    ['last7Days', '2025-05-07T23:00:00.000Z', '2025-05-14T23:00:00.000Z'],
    ['thisWeek', '2025-05-11T23:00:00.000Z', '2025-05-18T23:00:00.000Z'],
    ['lastWeek', '2025-05-04T23:00:00.000Z', '2025-05-11T23:00:00.000Z'],
    ['thisMonth', '2025-04-30T23:00:00.000Z', '2025-05-31T23:00:00.000Z'],
    ['lastMonth', '2025-03-31T23:00:00.000Z', '2025-04-30T23:00:00.000Z'],
    ['thisQuarter', '2025-03-31T23:00:00.000Z', '2025-06-30T23:00:00.000Z'],
    ['lastQuarter', '2024-12-31T23:00:00.000Z', '2025-03-31T23:00:00.000Z'],
    ['thisYear', '2024-12-31T23:00:00.000Z', '2025-12-31T23:00:00.000Z'],
    ['lastYear', '2023-12-31T23:00:00.000Z', '2024-12-31T23:00:00.000Z'],
  ] as const)('%s at +60 → %s … %s', (code, from, to) => {
    const range = resolvePeriod(code, now, 60);
    expect([iso(range.from), iso(range.to)]).toEqual([from, to]);
  });

  it('uses the local date, not the UTC date, near midnight', () => {
    // 2025-01-01 03:00 UTC is still 31 December in New York (-300).
    const range = resolvePeriod('today', new Date('2025-01-01T03:00:00Z'), -300);
    expect(iso(range.from)).toBe('2024-12-31T05:00:00.000Z');
    expect(resolvePeriod('thisYear', new Date('2025-01-01T03:00:00Z'), -300).from.toISOString()).toBe(
      '2024-01-01T05:00:00.000Z',
    );
  });

  it('starts weeks on Monday, also on a Sunday and a Monday', () => {
    const sunday = resolvePeriod('thisWeek', new Date('2025-05-18T12:00:00Z'), 0);
    expect(iso(sunday.from)).toBe('2025-05-12T00:00:00.000Z');
    const monday = resolvePeriod('thisWeek', new Date('2025-05-19T00:00:00Z'), 0);
    expect(iso(monday.from)).toBe('2025-05-19T00:00:00.000Z');
    expect(rangeDays(monday)).toBe(7);
  });

  it('crosses year ends for last week, last month and last quarter', () => {
    const now = new Date('2026-01-02T12:00:00Z');
    expect(iso(resolvePeriod('lastMonth', now, 0).from)).toBe('2025-12-01T00:00:00.000Z');
    expect(iso(resolvePeriod('lastQuarter', now, 0).from)).toBe('2025-10-01T00:00:00.000Z');
    expect(iso(resolvePeriod('lastWeek', now, 0).from)).toBe('2025-12-22T00:00:00.000Z');
  });

  it('always gives from < to and contains now except for past periods', () => {
    for (const code of DATE_FILTER_PERIODS) {
      const range = resolvePeriod(code, now, 330);
      expect(range.from.getTime()).toBeLessThan(range.to.getTime());
      const isPast = code.startsWith('last') && code !== 'last7Days';
      const containsNow = range.from <= now && now < range.to;
      expect(containsNow).toBe(!isPast && code !== 'yesterday');
    }
  });
});
