/**
 * Display form of an exact rate string, without floats: four decimals from 1 upwards, six
 * significant digits below 1 (0.000015384615 → 0.0000153846). Cut, not rounded: the full rate is
 * in the element's title and is what was confirmed.
 */
export function formatRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  if (whole !== '0') return fraction ? `${whole}.${fraction.slice(0, 4).padEnd(4, '0')}` : whole;
  const firstDigit = fraction.search(/[1-9]/);
  if (firstDigit === -1) return '0';
  return `0.${fraction.slice(0, firstDigit + 6)}`;
}
