import { INTERNAL_IBAN_PREFIXES } from '../enums/constants.ts';
import { validateAbaRouting, validateBsb, validateSortCode } from '../formats/bank-codes.ts';
import { IBAN_COUNTRIES, validateIban } from '../formats/iban.ts';
import { ibanCheckDigits } from '../wallets/iban-allocation.ts';
import type { VaCheckRuleCode } from './va-codes.ts';

/** The numbering part of a VA group: where its range lives and how a serial becomes an account. */
export interface VaRange {
  checkRuleCode: VaCheckRuleCode;
  /** IBAN country (GB, LT, DE …), AU for BECS, US for ACH. */
  country: string;
  /** Letters of the bank in a GB BBAN (CLRL); empty elsewhere. */
  bankLetters: string;
  /** Digits before the serial: GB sort code, LT bank code, national bank code, AU BSB, US routing number. */
  prefix: string;
}

/** One allocated number in every form the spec's VA fields carry. */
export interface VaNumber {
  /** IBAN, or for BECS/ACH the `bank code + account` text that identifies it uniquely. */
  number: string;
  iban: string | null;
  sortCode: string | null;
  bsbCode: string | null;
  accNumber: string;
  bankCode: string;
}

/** Width of the account part a serial fills. */
export function serialWidth(r: VaRange): number {
  if (r.checkRuleCode === 'BECS') return 9;
  if (r.checkRuleCode === 'ACH') return 10;
  if (r.country === 'GB') return 8;
  const length = IBAN_COUNTRIES[r.country]?.chars;
  if (!length) return 0;
  return length - 4 - r.bankLetters.length - r.prefix.length;
}

/** Largest serial the range can hold. */
export function maxSerial(r: VaRange): number {
  const width = serialWidth(r);
  return width <= 0 ? 0 : Math.min(10 ** width - 1, Number.MAX_SAFE_INTEGER);
}

/**
 * The number of a serial in a range, with ISO 13616 check digits for IBAN groups (the same helper
 * the wallets' own IBANs use). UK groups (SEPA_UK_ACCOUNT) also carry sort code and account number;
 * BECS gives BSB and account number; ACH routing and account number.
 */
export function vaNumber(r: VaRange, serial: number): VaNumber {
  const width = serialWidth(r);
  const account = String(serial).padStart(width, '0');
  if (width <= 0 || account.length > width || serial < 0) throw new Error('serial out of range');
  if (r.checkRuleCode === 'BECS') {
    return {
      number: `${r.prefix}${account}`,
      iban: null,
      sortCode: null,
      bsbCode: r.prefix,
      accNumber: account,
      bankCode: r.prefix,
    };
  }
  if (r.checkRuleCode === 'ACH') {
    return {
      number: `${r.prefix}${account}`,
      iban: null,
      sortCode: null,
      bsbCode: null,
      accNumber: account,
      bankCode: r.prefix,
    };
  }
  const bban = `${r.bankLetters}${r.prefix}${account}`;
  const iban = `${r.country}${ibanCheckDigits(r.country, bban)}${bban}`;
  const isUk = r.country === 'GB' && r.checkRuleCode === 'SEPA_UK_ACCOUNT';
  return {
    number: iban,
    iban,
    sortCode: isUk ? r.prefix : null,
    bsbCode: null,
    accNumber: account,
    bankCode: `${r.bankLetters}${r.prefix}`,
  };
}

/** Range problems staff must fix before a group is saved; null when the range gives valid numbers. */
export type VaRangeError = 'VA_RANGE_COUNTRY' | 'VA_RANGE_PREFIX' | 'VA_RANGE_BOUNDS';

export function validateVaRange(r: VaRange, from: number, to: number): VaRangeError | null {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to < from)
    return 'VA_RANGE_BOUNDS';
  if (r.checkRuleCode === 'BECS') {
    if (r.country !== 'AU') return 'VA_RANGE_COUNTRY';
    if (validateBsb(r.prefix) !== null) return 'VA_RANGE_PREFIX';
  } else if (r.checkRuleCode === 'ACH') {
    if (r.country !== 'US') return 'VA_RANGE_COUNTRY';
    if (validateAbaRouting(r.prefix) !== null) return 'VA_RANGE_PREFIX';
  } else {
    if (!IBAN_COUNTRIES[r.country]?.chars) return 'VA_RANGE_COUNTRY';
    if (r.checkRuleCode === 'SEPA_UK_ACCOUNT' && r.country !== 'GB') return 'VA_RANGE_COUNTRY';
    if (r.country === 'GB') {
      if (
        !/^[A-Z]{4}$/.test(r.bankLetters) ||
        !/^\d{6}$/.test(r.prefix) ||
        validateSortCode(r.prefix) !== null
      )
        return 'VA_RANGE_PREFIX';
    } else if (r.bankLetters !== '' || !/^\d+$/.test(r.prefix)) return 'VA_RANGE_PREFIX';
    if (serialWidth(r) <= 0) return 'VA_RANGE_PREFIX';
    // The wallets' own IBANs number under the internal prefixes: VA ranges stay out of them.
    const own: Record<string, readonly string[]> = INTERNAL_IBAN_PREFIXES;
    if ((own[r.country] ?? []).includes(r.prefix)) return 'VA_RANGE_PREFIX';
  }
  if (to > maxSerial(r)) return 'VA_RANGE_BOUNDS';
  // Both ends must give numbers the country's rules accept (national checksums included).
  for (const serial of [from, to]) {
    const n = vaNumber(r, serial);
    if (n.iban !== null && validateIban(n.iban) !== null) return 'VA_RANGE_PREFIX';
  }
  return null;
}

/** Whether an allocated number is valid for its range's rules (property tests). */
export function isValidVaNumber(r: VaRange, n: VaNumber): boolean {
  if (n.iban !== null) return validateIban(n.iban) === null;
  if (r.checkRuleCode === 'BECS') return validateBsb(n.bsbCode ?? '') === null && /^\d{9}$/.test(n.accNumber);
  return validateAbaRouting(n.bankCode) === null && /^\d{10}$/.test(n.accNumber);
}
