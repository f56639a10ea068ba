/**
 * Australian BECS banks (spec §3 "Australian BECS bank"): the leading digits of a BSB
 * (Bank-State-Branch number) name the financial institution. The list is reference data served
 * by `GET /references/values_by_code/becs_banks` (value: the BSB prefix, description: the bank).
 */
export const BECS_BANKS_REFERENCE = 'becs_banks';

/**
 * The bank a BSB belongs to, by the longest known prefix (a three-digit prefix beats a two-digit
 * one), or null when the BSB is incomplete or its prefix unknown. Separators are ignored.
 */
export function becsBankOf(
  bsb: string,
  banks: readonly { value: string; description: string }[],
): { prefix: string; bank: string } | null {
  const digits = bsb.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  let best: { prefix: string; bank: string } | null = null;
  for (const b of banks)
    if (digits.startsWith(b.value) && (!best || b.value.length > best.prefix.length))
      best = { prefix: b.value, bank: b.description };
  return best;
}
