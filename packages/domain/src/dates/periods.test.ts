import { describe, expect, it } from 'vitest';
import { periodDays, widgetCellsCount } from './periods.ts';

describe('periodDays (spec §9)', () => {
  it.each([
    ['1w', 7],
    ['2w', 14],
    ['1m', 30],
    ['3m', 90],
    ['6m', 180],
    ['1y', 360],
    ['12w', 84],
    ['13w', 91],
  ])('%s → %i days', (code, days) => {
    expect(periodDays(code)).toBe(days);
  });
  it.each(['', '3', 'm', '0m', '3d', '-1m', '1.5m', '3M'])('%j is not a period', (code) => {
    expect(periodDays(code)).toBeNull();
  });
});

describe('widgetCellsCount (spec §9)', () => {
  it.each([
    ['Chart', '3m', 2],
    ['Chart', '1y', 2],
    ['Chart', '13w', 2],
    ['Chart', '12w', 1],
    ['Chart', '2m', 1],
    ['Chart', 'bogus', 1],
    ['RecentPayments', '1y', 1],
  ])('%s with %s → %i', (widget_type, period, cells) => {
    expect(widgetCellsCount({ widget_type, parameters: { period } })).toBe(cells);
  });
  it('treats a chart without parameters as one cell', () => {
    expect(widgetCellsCount({ widget_type: 'Chart', parameters: null })).toBe(1);
  });
});
