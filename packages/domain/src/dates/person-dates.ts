import {
  DOCUMENT_EXPIRY_MIN_MONTHS,
  MIN_DATE,
  PERMANENT_DOCUMENT_EXPIRY,
  PERSON_AGE,
} from '../enums/constants.ts';
import { addMonths, addYears, formatPlainDate, type PlainDate, parsePlainDate } from './plain-date.ts';

/** Date validation error codes of person and document fields; the browser shows `errors.<code>`. */
export type PersonDateError =
  | 'DATE_REQUIRED'
  | 'DATE_INVALID'
  | 'DATE_BEFORE_MIN'
  | 'DATE_IN_FUTURE'
  | 'AGE_TOO_YOUNG'
  | 'AGE_TOO_OLD'
  | 'DOCUMENT_EXPIRES_TOO_SOON'
  | 'DOCUMENT_EXPIRY_TOO_LATE';

/** Full years between a birth date and today (birthday on 29 Feb counts on 28 Feb in common years). */
export function ageOn(birth: PlainDate, today: PlainDate): number {
  let age = today.year - birth.year;
  if (formatPlainDate(addYears(birth, age)) > formatPlainDate(today)) age -= 1;
  return age;
}

function parseBounded(text: string): PlainDate | PersonDateError {
  if (text.trim() === '') return 'DATE_REQUIRED';
  const date = parsePlainDate(text.trim());
  if (date === null) return 'DATE_INVALID';
  if (formatPlainDate(date) < MIN_DATE) return 'DATE_BEFORE_MIN';
  return date;
}

/**
 * Birth date of a related person (spec §5, §9): a real date after 1900-01-01, not in the future,
 * and an age from 16 to 85 inclusive on `today`. Returns null if valid.
 */
export function validateBirthDate(text: string, today: PlainDate): PersonDateError | null {
  const birth = parseBounded(text);
  if (typeof birth === 'string') return birth;
  if (formatPlainDate(birth) > formatPlainDate(today)) return 'DATE_IN_FUTURE';
  const age = ageOn(birth, today);
  if (age < PERSON_AGE.min) return 'AGE_TOO_YOUNG';
  if (age > PERSON_AGE.max) return 'AGE_TOO_OLD';
  return null;
}

/**
 * Document expiry (spec §5): at least one month after today; 2099-12-31 marks a permanent
 * document and is the latest date accepted. Returns null if valid.
 */
export function validateDocumentExpiry(text: string, today: PlainDate): PersonDateError | null {
  const expiry = parseBounded(text);
  if (typeof expiry === 'string') return expiry;
  const value = formatPlainDate(expiry);
  if (value > PERMANENT_DOCUMENT_EXPIRY) return 'DOCUMENT_EXPIRY_TOO_LATE';
  if (value < formatPlainDate(addMonths(today, DOCUMENT_EXPIRY_MIN_MONTHS)))
    return 'DOCUMENT_EXPIRES_TOO_SOON';
  return null;
}

/** Past dates of a person or document (issue date, authority issue date): 1900-01-01 to today. */
export function validatePastDate(text: string, today: PlainDate): PersonDateError | null {
  const date = parseBounded(text);
  if (typeof date === 'string') return date;
  return formatPlainDate(date) > formatPlainDate(today) ? 'DATE_IN_FUTURE' : null;
}
