import { describe, expect, it } from 'vitest';
import { addMonths, addYears, formatPlainDate, parsePlainDate, plainDateAt } from './plain-date.ts';

describe('plain dates', () => {
  it('parses real dates and rejects impossible ones', () => {
    expect(parsePlainDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parsePlainDate('2023-02-29')).toBeNull();
    expect(parsePlainDate('2024-13-01')).toBeNull();
    expect(parsePlainDate('31/12/2099')).toBeNull();
  });
  it('adds months with the day clamped', () => {
    expect(formatPlainDate(addMonths({ year: 2024, month: 1, day: 31 }, 1))).toBe('2024-02-29');
    expect(formatPlainDate(addMonths({ year: 2024, month: 12, day: 15 }, 1))).toBe('2025-01-15');
    expect(formatPlainDate(addMonths({ year: 2025, month: 1, day: 15 }, -2))).toBe('2024-11-15');
    expect(formatPlainDate(addYears({ year: 2024, month: 2, day: 29 }, 1))).toBe('2025-02-28');
  });
  it('reads the calendar date at an offset', () => {
    expect(plainDateAt(new Date('2025-01-01T03:00:00Z'), -300)).toEqual({ year: 2024, month: 12, day: 31 });
    expect(plainDateAt(new Date('2025-01-01T03:00:00Z'))).toEqual({ year: 2025, month: 1, day: 1 });
  });
});
