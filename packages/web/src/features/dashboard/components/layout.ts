import { DASHBOARD_SLIDE_CELLS, type WidgetType, widgetCellsCount } from '@portal/domain';

/** One widget of the layout being edited; its place is its position in the list. */
export interface DraftWidget {
  key: string;
  widget_type: WidgetType;
  parameters: { period?: string };
}

export interface PlacedWidget extends DraftWidget {
  slide_no: number;
  placement: number;
  cellsCount: 1 | 2;
}

/** Chart periods offered in the editor; 3 months and more take two cells (spec §3). */
export const CHART_PERIODS = ['1w', '1m', '3m', '6m', '1y'] as const;

/**
 * Lays the list out on slides of 4 cells in order: a widget that does not fit in what is left of a
 * slide starts the next one, so the result never overlaps or runs past a slide (the server's rules).
 */
export function packLayout(list: readonly DraftWidget[]): PlacedWidget[] {
  let slide = 1;
  let cell = 0;
  return list.map((w) => {
    const cellsCount = widgetCellsCount(w);
    if (cell + cellsCount > DASHBOARD_SLIDE_CELLS) {
      slide += 1;
      cell = 0;
    }
    const placed = { ...w, slide_no: slide, placement: cell, cellsCount };
    cell += cellsCount;
    return placed;
  });
}

/** Moves the item at `from` by `by` places (−1 earlier, +1 later); out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, by: number): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
