/**
 * Ledger vocabulary shared by server and browser (design §5): entry kinds, system account kinds,
 * hold kinds. Amounts are bigint minor units, signed from the account holder's view: a positive
 * posting on a wallet account is money in, a negative one money out.
 */

/** What a journal entry records; statements and charts group by it. */
export const ENTRY_KINDS = ['payin', 'payout', 'fee', 'fx', 'transfer', 'reversal', 'adjustment'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** The provider's own accounts, one per currency, that wallet money moves against. */
export const SYSTEM_ACCOUNT_KINDS = [
  'payin_clearing',
  'payout_clearing',
  'fee_income',
  'fx_position',
  'suspense',
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

/**
 * Holds reduce the available balance without a posting (spec §3 balance kinds): `pending` for an
 * outgoing payment not yet settled, `blocked` for funds the provider blocked, `suspended` for
 * funds under review.
 */
export const HOLD_KINDS = ['pending', 'blocked', 'suspended'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];

export const HOLD_STATUSES = ['placed', 'released', 'settled'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** Statement file formats: the spec's PDF and CSV, plus what banks' portals offer (ISO 20022, SWIFT). */
export const STATEMENT_FORMATS = ['pdf', 'csv', 'camt053', 'mt940'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** Whether postings balance: per currency, the amounts sum to zero. */
export function postingsBalance(postings: readonly { currency: string; amount: bigint }[]): boolean {
  const sums = new Map<string, bigint>();
  for (const p of postings) sums.set(p.currency, (sums.get(p.currency) ?? 0n) + p.amount);
  for (const sum of sums.values()) if (sum !== 0n) return false;
  return postings.length >= 2;
}
