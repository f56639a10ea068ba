import { BANKRUPTCY_LOOKBACK_YEARS, OWNERSHIP_TOTAL_MAX_PERCENT } from '../enums/constants.ts';
import type { PlainDate } from '../dates/plain-date.ts';
import {
  type PersonDateError,
  validateBirthDate,
  validateDocumentExpiry,
  validatePastDate,
} from '../dates/person-dates.ts';
import type { CompanyForm, PersonInput } from './forms.ts';
import { isValidPostalCode, POSTAL_CODE_MESSAGE } from './postal-codes.ts';
import { hundredthsToPercent, percentToHundredths } from './text-rules.ts';

/** English messages of the date rules (spec §5, §9); the browser translates by the code. */
export const PERSON_DATE_MESSAGES = {
  DATE_REQUIRED: 'Field is required.',
  DATE_INVALID: 'Invalid date.',
  DATE_BEFORE_MIN: 'The date cannot be before 1900-01-01.',
  DATE_IN_FUTURE: 'The date cannot be in the future.',
  AGE_TOO_YOUNG: 'The person must be at least 16 years old.',
  AGE_TOO_OLD: 'The person must be at most 85 years old.',
  DOCUMENT_EXPIRES_TOO_SOON: 'The document is expired or expires within a month.',
  DOCUMENT_EXPIRY_TOO_LATE: 'The expiry date cannot be after 2099-12-31 (use it for permanent documents).',
} as const satisfies Record<PersonDateError, string>;

export type FieldErrors = Record<string, string>;

function dateRule(fields: FieldErrors, key: string, error: PersonDateError | null): void {
  if (error) fields[key] ??= PERSON_DATE_MESSAGES[error];
}

/** Field rules of one related person (spec §5), on top of the schema's formats. */
export function validatePerson(p: PersonInput, today: PlainDate): FieldErrors {
  const fields: FieldErrors = {};
  dateRule(fields, 'birth_date', validateBirthDate(p.birth_date, today));
  dateRule(fields, 'document.issuedDate', validatePastDate(p.document.issuedDate, today));
  dateRule(fields, 'document.expirationDate', validateDocumentExpiry(p.document.expirationDate, today));
  if (p.authority) {
    dateRule(fields, 'authority.issue_date', validatePastDate(p.authority.issue_date, today));
    if (p.authority.expiry_date)
      dateRule(fields, 'authority.expiry_date', validateDocumentExpiry(p.authority.expiry_date, today));
  }
  if (!p.is_as && !p.is_lr && !p.is_bo) fields.is_as = 'Choose at least one role: AS, LR or BO.';
  if (p.is_as && !p.authority)
    fields.authority = 'The basis of authority is required for an authorized signatory.';
  if (p.ownership !== undefined) {
    const h = percentToHundredths(p.ownership);
    if (h <= 0) fields.ownership = 'Ownership must be more than 0%.';
    else if (h > OWNERSHIP_TOTAL_MAX_PERCENT * 100) fields.ownership = 'Ownership cannot be more than 100%.';
  } else if (p.is_bo) {
    fields.ownership = 'Ownership is required for a beneficial owner.';
  }
  if (!isValidPostalCode(p.residence_address.country, p.residence_address.zip))
    fields['residence_address.zip'] = POSTAL_CODE_MESSAGE;
  if (p.has_bankruptcy !== p.aml.bankruptcy)
    fields['aml.bankruptcy'] =
      `Answer the bankruptcy question for the last ${BANKRUPTCY_LOOKBACK_YEARS} years consistently.`;
  return fields;
}

/** Identity used for the duplicate-person rule: same first and last name, case-insensitive. */
export const personKey = (p: { first_name: string; last_name: string }) =>
  `${p.first_name.trim().toLowerCase()} ${p.last_name.trim().toLowerCase()}`;

/** Total ownership of beneficial owners in hundredths; over 10000 breaks the 100% rule. */
export function totalOwnership(persons: readonly { is_bo: boolean; ownership?: string | null }[]): number {
  return persons.reduce((sum, p) => sum + (p.is_bo && p.ownership ? percentToHundredths(p.ownership) : 0), 0);
}

export const ownershipTotalMessage = (totalHundredths: number) =>
  `Total ownership of beneficial owners cannot exceed 100% (now ${hundredthsToPercent(totalHundredths)}%).`;

/** Set rules checked at submit: at least one person per role, ownership total. */
export function personsSetErrors(
  persons: readonly { is_as: boolean; is_lr: boolean; is_bo: boolean; ownership?: string | null }[],
): FieldErrors {
  const fields: FieldErrors = {};
  if (!persons.some((p) => p.is_as)) fields.auth_signs = 'At least one authorized signatory is required.';
  if (!persons.some((p) => p.is_lr)) fields.legal_reps = 'At least one legal representative is required.';
  if (!persons.some((p) => p.is_bo)) fields.beneficial_owners = 'At least one beneficial owner is required.';
  const total = totalOwnership(persons);
  if (total > OWNERSHIP_TOTAL_MAX_PERCENT * 100) fields.ownership = ownershipTotalMessage(total);
  return fields;
}

/** Fields a verified person can no longer change (spec §5): identity and document data. */
export const FROZEN_PERSON_FIELDS = ['first_name', 'last_name', 'birth_date', 'email', 'document'] as const;

/** The frozen fields that differ between stored and incoming person data. */
export function changedFrozenFields(before: PersonInput, after: PersonInput): string[] {
  // Key order is not content (stored JSON may come back reordered); text compares case-insensitively.
  const norm = (v: unknown) =>
    JSON.stringify(v, (_k, x: unknown) =>
      x && typeof x === 'object' && !Array.isArray(x)
        ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
        : typeof x === 'string'
          ? x.trim().toLowerCase()
          : x,
    );
  return FROZEN_PERSON_FIELDS.filter((f) => norm(before[f]) !== norm(after[f]));
}

const REQUIRED = 'Field is required.';

/** Completeness and cross-field rules of the company sections at submit (spec §3, §5). */
export function companyCompletenessErrors(form: CompanyForm): FieldErrors {
  const fields: FieldErrors = {};
  const need = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
      fields[key] = REQUIRED;
  };
  need('company_name', form.company_name);
  need('registration_number', form.registration_number);
  need('is_micro_enterprise', form.is_micro_enterprise);
  need('segregated_account', form.segregated_account);
  for (const key of ['legal_address', 'registered_address'] as const) {
    const a = form[key];
    for (const part of ['country', 'zip', 'city', 'street'] as const) need(`${key}.${part}`, a?.[part]);
    if (a?.country && a.zip && !isValidPostalCode(a.country, a.zip))
      fields[`${key}.zip`] = POSTAL_CODE_MESSAGE;
  }
  need('licence.has_licence', form.licence?.has_licence);
  if (form.licence?.has_licence) {
    need('licence.type', form.licence.type);
    need('licence.number', form.licence.number);
    need('licence.issuing_body', form.licence.issuing_body);
  }
  need('fatca.registered', form.fatca?.registered);
  if (form.fatca?.registered) need('fatca.giin', form.fatca.giin);
  const t = form.turnover;
  need('turnover.monthly_volume_eur', t?.monthly_volume_eur);
  need('turnover.monthly_quantity', t?.monthly_quantity);
  if (t?.min_amount_eur && t.max_amount_eur && cents(t.min_amount_eur) > cents(t.max_amount_eur))
    fields['turnover.min_amount_eur'] = 'The minimum amount cannot exceed the maximum.';
  need('pci_dss.compliant', form.pci_dss?.compliant);
  if (form.pci_dss?.compliant) need('pci_dss.level', form.pci_dss.level);
  return fields;
}

function cents(value: string): bigint {
  const [whole = '0', frac = ''] = value.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0') || '0');
}
