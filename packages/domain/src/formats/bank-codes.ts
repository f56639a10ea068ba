import { isValidBIC } from 'ibantools';
import { stripSeparators } from './field-formats.ts';

/** Bank code validation error codes; the browser shows `errors.<code>`. */
export type BankCodeError =
  | 'BIC_REQUIRED'
  | 'BIC_INVALID'
  | 'SORT_CODE_REQUIRED'
  | 'SORT_CODE_INVALID'
  | 'ACCOUNT_NUMBER_REQUIRED'
  | 'ACCOUNT_NUMBER_INVALID'
  | 'ABA_REQUIRED'
  | 'ABA_INVALID'
  | 'ABA_BAD_CHECKSUM'
  | 'BSB_REQUIRED'
  | 'BSB_INVALID';

/**
 * SWIFT/BIC format: 4-letter bank code, ISO country, 2-char location, optional 3-char branch.
 * ibantools also checks the country exists. Lowercase is refused, as the field is uppercase only.
 */
export function validateBic(text: string): BankCodeError | null {
  const bic = stripSeparators(text);
  if (bic === '') return 'BIC_REQUIRED';
  if (!/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bic)) return 'BIC_INVALID';
  return isValidBIC(bic) ? null : 'BIC_INVALID';
}

/** UK sort code: six digits, typed as 12-34-56 or 123456. */
export function validateSortCode(text: string): BankCodeError | null {
  const value = text.trim();
  if (value === '') return 'SORT_CODE_REQUIRED';
  return /^\d{2}-?\d{2}-?\d{2}$/.test(value) ? null : 'SORT_CODE_INVALID';
}

/** UK account number: eight digits (shorter legacy numbers are zero-padded by the bank). */
export function validateUkAccountNumber(text: string): BankCodeError | null {
  const value = stripSeparators(text);
  if (value === '') return 'ACCOUNT_NUMBER_REQUIRED';
  return /^\d{8}$/.test(value) ? null : 'ACCOUNT_NUMBER_INVALID';
}

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * ABA routing number (Fedwire, ACH): nine digits whose 3-7-1 weighted sum is a multiple of 10.
 */
export function validateAbaRouting(text: string): BankCodeError | null {
  const value = stripSeparators(text);
  if (value === '') return 'ABA_REQUIRED';
  if (!/^\d{9}$/.test(value)) return 'ABA_INVALID';
  const sum = ABA_WEIGHTS.reduce((total, weight, index) => total + weight * Number(value.charAt(index)), 0);
  return sum % 10 === 0 ? null : 'ABA_BAD_CHECKSUM';
}

/** Australian BSB: six digits, typed as 062-000 or 062000. No public checksum exists. */
export function validateBsb(text: string): BankCodeError | null {
  const value = text.trim();
  if (value === '') return 'BSB_REQUIRED';
  return /^\d{3}-?\d{3}$/.test(value) ? null : 'BSB_INVALID';
}
