import { fromMinor } from '../money/amount.ts';

/** Statuses of a payment request (pay-in terminal). `refunded`: every matched pay-in was refunded. */
export const PAYMENT_REQUEST_STATUSES = [
  'open',
  'paid',
  'partially_paid',
  'overpaid',
  'expired',
  'cancelled',
  'refunded',
] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

/** Statuses in which the customer is still expected to pay (the hosted page offers to pay). */
export const PAYABLE_REQUEST_STATUSES: readonly PaymentRequestStatus[] = ['open', 'partially_paid'];

/** Statuses that end a request: a pay-in arriving now is credited but flagged, the status stays. */
export const CLOSED_REQUEST_STATUSES: readonly PaymentRequestStatus[] = ['expired', 'cancelled', 'refunded'];

export const PAYMENT_REQUEST_ACTIONS = ['cancel', 'refund', 'match', 'send_email'] as const;
export type PaymentRequestAction = (typeof PAYMENT_REQUEST_ACTIONS)[number];

/** How far ahead an expiry may be set; the hosted link stays readable after it. */
export const PAYMENT_REQUEST_MAX_EXPIRY_DAYS = 90;
/** A request's amount is at most this many major units (the EPC QR limit is 999,999,999.99). */
export const PAYMENT_REQUEST_MAX_AMOUNT_MINOR = 99_999_999_999n;

/**
 * The status after the amount received changes, and whether the pay-in is late (the request was
 * already expired, cancelled or refunded: the money is credited, the status stays, the request is
 * flagged). An open-amount request (`requested` null) is paid by any positive amount.
 */
export function statusAfterPayment(
  current: PaymentRequestStatus,
  requested: bigint | null,
  received: bigint,
): { status: PaymentRequestStatus; late: boolean } {
  if (CLOSED_REQUEST_STATUSES.includes(current)) return { status: current, late: true };
  if (received <= 0n) return { status: current, late: false };
  if (requested === null) return { status: 'paid', late: false };
  if (received < requested) return { status: 'partially_paid', late: false };
  return { status: received === requested ? 'paid' : 'overpaid', late: false };
}

/** What the merchant may do with a request in this state (the server checks the same rule). */
export function requestActions(status: PaymentRequestStatus, received: bigint): PaymentRequestAction[] {
  const out: PaymentRequestAction[] = [];
  if (status === 'open') out.push('cancel');
  if (received > 0n && status !== 'refunded') out.push('refund');
  if (PAYABLE_REQUEST_STATUSES.includes(status)) out.push('match', 'send_email');
  return out;
}

/** Crockford base32 without I, L, O, U: nothing a customer can mistype as another letter. */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const REFERENCE_RE = /PR[0-9A-HJKMNP-TV-Z]{10}/;

/** The unique payment reference a request is matched by: `PR` and ten base32 characters. */
export function paymentReferenceFrom(bytes: Uint8Array): string {
  let out = 'PR';
  for (let i = 0; i < 10; i++) out += REFERENCE_ALPHABET[(bytes[i] ?? 0) % 32];
  return out;
}

/**
 * Finds a payment reference in the remittance text of a pay-in, as banks pass it on: any case,
 * with spaces or dashes put in by the payer ('pr-7k2 m...'). Returns null when there is none.
 */
export function findPaymentReference(remittance: string | null | undefined): string | null {
  if (!remittance) return null;
  const squashed = remittance.toUpperCase().replace(/[\s-]/g, '');
  return REFERENCE_RE.exec(squashed)?.[0] ?? null;
}

export interface EpcQrInput {
  /** Beneficiary name, cut to 70 characters. */
  name: string;
  iban: string;
  bic?: string | null;
  /** Minor units of EUR; null for an open amount (the payer types it). */
  amountMinor: bigint | null;
  /** Unstructured remittance information (the unique reference), at most 140 characters. */
  remittance: string;
}

/**
 * The EPC069-12 "SEPA credit transfer" QR payload (version 002, UTF-8, SCT): service tag, version,
 * character set, identification, BIC, name, IBAN, amount, purpose, structured reference,
 * unstructured remittance. Only EUR exists in this scheme. Throws on input the standard refuses.
 */
export function epcQrPayload(input: EpcQrInput): string {
  const iban = input.iban.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) throw new Error('EPC QR: bad IBAN');
  if (input.amountMinor !== null && (input.amountMinor < 1n || input.amountMinor > 99_999_999_999n))
    throw new Error('EPC QR: amount out of range');
  const name = input.name.trim().slice(0, 70);
  if (!name) throw new Error('EPC QR: beneficiary name required');
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    (input.bic ?? '').replace(/\s/g, '').toUpperCase(),
    name,
    iban,
    input.amountMinor === null ? '' : `EUR${fromMinor(input.amountMinor, 'EUR')}`,
    '',
    '',
    input.remittance.trim().slice(0, 140),
  ];
  const payload = lines.join('\n');
  if (new TextEncoder().encode(payload).length > 331) throw new Error('EPC QR: payload above 331 bytes');
  return payload;
}
