/**
 * Display formats of requisite fields (spec §5) and the paste cleaning of payment fields.
 * Values are stored and sent without separators ({@link stripSeparators}); grouping is display only.
 */

/** Notice shown after a paste was cleaned (spec §5); `{field}` is the field's label. */
export const PASTE_FIXED_NOTICE = '{field} value fixed after the paste operation';

interface FieldFormat {
  /** One allowed character; anything else is removed on paste. */
  readonly allowed: RegExp;
  readonly uppercase: boolean;
  /** Group sizes; the last size repeats for longer values. Empty = no grouping. */
  readonly groups: readonly number[];
  readonly separator: string;
  /** Most significant characters (separators not counted). */
  readonly maxLength: number;
}

const ALNUM = /[A-Z0-9]/;
const DIGIT = /[0-9]/;

/** Formats per field kind (spec §5 "field formats"). */
export const FIELD_FORMATS = {
  /** IBAN: uppercase letters and digits in groups of 4 (34 = longest IBAN of the registry). */
  iban: { allowed: ALNUM, uppercase: true, groups: [4], separator: ' ', maxLength: 34 },
  /** Ukrainian IBAN: UA, check digits, 6-digit MFO bank code, 19-char account (29 chars). */
  uaIban: { allowed: ALNUM, uppercase: true, groups: [2, 2, 6, 19], separator: ' ', maxLength: 29 },
  /** Moldovan account (IBAN): MD, check digits, 2-char bank code, 18-char account (24 chars). */
  mdAccount: { allowed: ALNUM, uppercase: true, groups: [2, 2, 2, 18], separator: ' ', maxLength: 24 },
  /** UK sort code: 12-34-56. */
  sortCode: { allowed: DIGIT, uppercase: false, groups: [2], separator: '-', maxLength: 6 },
  /** UK account number: 8 digits. */
  accountNumber: { allowed: DIGIT, uppercase: false, groups: [], separator: '', maxLength: 8 },
  /** Australian BSB: 062-000. */
  bsb: { allowed: DIGIT, uppercase: false, groups: [3], separator: '-', maxLength: 6 },
  /** BECS bank code: 802-985. */
  becsBankCode: { allowed: DIGIT, uppercase: false, groups: [3], separator: '-', maxLength: 6 },
  /** FEDWIRE / ACH bank code (ABA routing number): 021 000 021. */
  abaRouting: { allowed: DIGIT, uppercase: false, groups: [3], separator: ' ', maxLength: 9 },
  /** SWIFT / BIC: uppercase letters and digits, 8 or 11. */
  swift: { allowed: ALNUM, uppercase: true, groups: [], separator: '', maxLength: 11 },
  /** Card number: digits only, up to 19 (ISO/IEC 7812). */
  cardNumber: { allowed: DIGIT, uppercase: false, groups: [], separator: '', maxLength: 19 },
  /** INN (taxpayer number): digits only, 10 for companies, 12 for individuals. */
  inn: { allowed: DIGIT, uppercase: false, groups: [], separator: '', maxLength: 12 },
} as const satisfies Record<string, FieldFormat>;

export type FormattedField = keyof typeof FIELD_FORMATS;

/** Removes the separators the UI adds (spaces of any kind, dashes) before a value is sent. */
export function stripSeparators(value: string): string {
  return value.replace(/[\s\u00a0\u202f\-\u2010-\u2015]/g, '');
}

/**
 * Splits `value` into groups of the given sizes; the last size repeats for the rest.
 * `groupChars('GB82WEST1234', [4], ' ')` → 'GB82 WEST 1234'.
 */
export function groupChars(value: string, sizes: readonly number[], separator: string): string {
  if (sizes.length === 0) return value;
  const groups: string[] = [];
  let at = 0;
  let index = 0;
  while (at < value.length) {
    const size = sizes[Math.min(index, sizes.length - 1)] ?? value.length;
    groups.push(value.slice(at, at + size));
    at += size;
    index += 1;
  }
  return groups.join(separator);
}

function significant(kind: FormattedField, raw: string): string {
  const format: FieldFormat = FIELD_FORMATS[kind];
  const text = format.uppercase ? raw.toUpperCase() : raw;
  return [...text].filter((char) => format.allowed.test(char)).join('');
}

/** Display form of a value already made of allowed characters (typing, loading saved data). */
export function formatField(kind: FormattedField, value: string): string {
  const format: FieldFormat = FIELD_FORMATS[kind];
  return groupChars(significant(kind, value).slice(0, format.maxLength), format.groups, format.separator);
}

/** Result of cleaning a pasted value; `changed` tells the UI to show {@link PASTE_FIXED_NOTICE}. */
export interface PasteResult {
  value: string;
  changed: boolean;
}

/**
 * Cleans a pasted value (spec §5): drops characters the field does not allow, uppercases, cuts
 * to the maximum length, then groups for display. `changed` is true when the meaningful content
 * changed (a character dropped or cut, a letter uppercased); only regrouping or surrounding
 * whitespace does not count, since the user's value is then intact.
 */
export function cleanPastedValue(kind: FormattedField, pasted: string): PasteResult {
  const format: FieldFormat = FIELD_FORMATS[kind];
  const kept = significant(kind, pasted).slice(0, format.maxLength);
  const separators = new Set([' ', '\u00a0', '\u202f', format.separator]);
  const asPasted = [...pasted.trim()].filter((char) => !separators.has(char)).join('');
  return { value: groupChars(kept, format.groups, format.separator), changed: kept !== asPasted };
}
