import { DEFAULT_WIDGET_LAYOUT } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { moveItem, packLayout } from './layout.ts';

const draft = DEFAULT_WIDGET_LAYOUT.map((w, i) => ({
  key: String(i),
  widget_type: w.widget_type,
  parameters: { ...w.parameters },
}));

describe('dashboard layout editor', () => {
  it('packs the default order back into the default layout', () => {
    expect(packLayout(draft).map((w) => [w.widget_type, w.slide_no, w.placement, w.cellsCount])).toEqual(
      DEFAULT_WIDGET_LAYOUT.map((w) => [
        w.widget_type,
        w.slide_no,
        w.placement,
        w.widget_type === 'Chart' ? 2 : 1,
      ]),
    );
  });

  it('starts a new slide when a 2-cell chart does not fit in what is left', () => {
    const moved = moveItem(draft, 1, 2); // Balances, RecentPayments, InstantFx, Chart(3m), Checklist
    const placed = packLayout(moved);
    expect(placed.map((w) => [w.widget_type, w.slide_no, w.placement])).toEqual([
      ['Balances', 1, 0],
      ['RecentPayments', 1, 1],
      ['InstantFx', 1, 2],
      ['Chart', 2, 0],
      ['Checklist', 2, 2],
    ]);
  });

  it('ignores moves past either end', () => {
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
  });
});
