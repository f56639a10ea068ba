import { getCountrySpecifications, isSEPACountry, ValidationErrorsIBAN, validateIBAN } from 'ibantools';
import { INTERNAL_IBAN_PREFIXES } from '../enums/constants.ts';
import type { PaymentMethod } from '../enums/payments.ts';
import { stripSeparators } from './field-formats.ts';

/** IBAN validation error codes; the browser shows `errors.<code>`. */
export type IbanError =
  | 'IBAN_REQUIRED'
  | 'IBAN_BAD_CHARACTERS'
  | 'IBAN_BAD_COUNTRY'
  | 'IBAN_WRONG_LENGTH'
  | 'IBAN_BAD_FORMAT'
  | 'IBAN_BAD_CHECKSUM'
  | 'IBAN_NOT_SEPA'
  | 'IBAN_COUNTRY_NOT_ALLOWED'
  | 'IBAN_NOT_INTERNAL'
  | 'IBAN_NOT_USED_BY_METHOD';

/** Electronic form: separators removed, uppercased. */
export function normalizeIban(text: string): string {
  return stripSeparators(text).toUpperCase();
}

/**
 * The IBAN registry's countries (length, BBAN pattern, SEPA). ibantools builds a fresh copy of the
 * whole table on every call, a visible part of each pay-out's validation on the server, so it is read
 * once here (the table is fixed for the process).
 */
export const IBAN_COUNTRIES: Readonly<Record<string, { chars: number | null; SEPA: boolean }>> =
  getCountrySpecifications();

/** Country code of an IBAN (first two characters of its electronic form). */
export function ibanCountry(iban: string): string {
  return normalizeIban(iban).slice(0, 2);
}

/**
 * Validates an IBAN with ibantools: country in the IBAN registry, that country's length and BBAN
 * pattern, mod-97 check digits and the national checksums ibantools knows. Returns null if valid.
 */
export function validateIban(text: string): IbanError | null {
  const iban = normalizeIban(text);
  if (iban === '') return 'IBAN_REQUIRED';
  if (!/^[A-Z0-9]+$/.test(iban)) return 'IBAN_BAD_CHARACTERS';
  const spec = IBAN_COUNTRIES[iban.slice(0, 2)];
  if (spec?.chars == null) return 'IBAN_BAD_COUNTRY';
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return 'IBAN_BAD_COUNTRY';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return 'IBAN_WRONG_LENGTH';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return 'IBAN_BAD_FORMAT';
  return errorCodes.length === 0 ? null : 'IBAN_BAD_CHECKSUM';
}

/** Whether an IBAN's country is in the SEPA scheme (SEPA and SEPA Instant reach it). */
export function isSepaIban(iban: string): boolean {
  return isSEPACountry(ibanCountry(iban));
}

/**
 * Whether an IBAN was allocated by the provider itself (spec §9), so a payout to it is an
 * internal payment: GB IBANs whose sort code (characters 9–14) is 009971, 041307 or 041308;
 * LT IBANs whose bank code (characters 5–9) is 39500 or 39501.
 */
export function isInternalIban(text: string): boolean {
  const iban = normalizeIban(text);
  const country = iban.slice(0, 2);
  const gbSortCodes: readonly string[] = INTERNAL_IBAN_PREFIXES.GB;
  const ltBankCodes: readonly string[] = INTERNAL_IBAN_PREFIXES.LT;
  if (country === 'GB') return gbSortCodes.includes(iban.slice(8, 14));
  if (country === 'LT') return ltBankCodes.includes(iban.slice(4, 9));
  return false;
}

/**
 * Countries whose IBANs a method accepts; `sepa` = any SEPA country, `any` = any valid IBAN,
 * `none` = the method does not take an IBAN (routing or BSB numbers instead).
 * UK rails take GB IBANs only; SWIFT reaches any IBAN country; the Ukrainian and Moldovan systems
 * take their own country's IBANs.
 */
const METHOD_IBAN_RULE = {
  BANK_TRANSFER_EU: 'sepa',
  BASE_TRANSFER: 'none',
  FPS: ['GB'],
  CHAPS: ['GB'],
  BACS: ['GB'],
  SEPA: 'sepa',
  SEPA_INSTANT: 'sepa',
  SWIFT: 'any',
  FEDWIRE: 'none',
  ACH: 'none',
  BECS: 'none',
  SIGNET: 'none',
  UA_SYSTEM: ['UA'],
  MD_SYSTEM: ['MD'],
  ESCROW_BLOCKCHAIN: 'none',
  INTERNAL: 'internal',
} as const satisfies Record<PaymentMethod, 'sepa' | 'any' | 'none' | 'internal' | readonly string[]>;

/**
 * Spec §5 "IBAN valid for the chosen method": a valid IBAN whose country the method reaches.
 * SEPA reachability of the payee's bank is a server-side warning (checkRequisite), not an error here.
 */
export function validateIbanForMethod(text: string, method: PaymentMethod): IbanError | null {
  const rule = METHOD_IBAN_RULE[method];
  if (rule === 'none') return 'IBAN_NOT_USED_BY_METHOD';
  const error = validateIban(text);
  if (error !== null) return error;
  if (rule === 'any') return null;
  if (rule === 'sepa') return isSepaIban(text) ? null : 'IBAN_NOT_SEPA';
  if (rule === 'internal') return isInternalIban(text) ? null : 'IBAN_NOT_INTERNAL';
  const countries: readonly string[] = rule;
  return countries.includes(ibanCountry(text)) ? null : 'IBAN_COUNTRY_NOT_ALLOWED';
}
