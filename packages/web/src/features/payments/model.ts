/** workMode path segment of /payments/:workMode and /transactions/:workMode (spec §2, glossary). */
export const WORK_MODES = [
  'list',
  'new',
  'balance',
  'payin',
  'payout',
  'payin-pending',
  'payin-settled',
  'payout-pending',
  'payout-settled',
] as const;
export type WorkMode = (typeof WORK_MODES)[number];
export const isWorkMode = (value: string | undefined): value is WorkMode =>
  (WORK_MODES as readonly string[]).includes(value ?? '');

/** List modes of the server's list call. */
export type ServerWorkMode =
  | 'all'
  | 'payin'
  | 'payout'
  | 'payin_pending'
  | 'payin_settled'
  | 'payout_pending'
  | 'payout_settled';

export type ListWorkMode = Exclude<WorkMode, 'new' | 'balance'>;

export const serverWorkMode = (mode: ListWorkMode): ServerWorkMode =>
  mode === 'list' ? 'all' : (mode.replace('-', '_') as ServerWorkMode);

/** Modes whose direction is fixed (filter hidden). */
export const hasFixedDirection = (mode: ListWorkMode): boolean => mode !== 'list';

export const SORT_PARAMS = [
  'creation_date',
  'settlement_date',
  'amount',
  'status',
  'currency',
  'payee',
] as const;
export type SortParam = (typeof SORT_PARAMS)[number];

export const PAGE_SIZES = ['10', '25', '50', '100'] as const;

/**
 * The counterparty name a user reads. An exchange's two legs have no counterparty: the server stores
 * an English placeholder name for them, so the interface names them itself, in the user's language.
 */
export function counterpartyName(
  payment: { transaction_type: string; corresponding_client: { name?: string | null } },
  t: (key: string) => string,
): string {
  if (payment.transaction_type === 'exchange') return t('payments:exchangeCounterparty');
  return payment.corresponding_client.name ?? '';
}
