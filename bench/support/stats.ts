/** The p-th percentile of an ascending list (nearest rank); 0 for an empty list. */
export const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
