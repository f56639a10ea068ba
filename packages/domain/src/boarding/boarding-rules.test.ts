import { describe, expect, it } from 'vitest';
import { NO_AML_FINDINGS } from './boarding.test-helpers.ts';
import {
  CONTRACT_STATUS,
  FILE_STATUS_CODE,
  type FileStatusCodeName,
  OFFER_STATUS,
} from '../enums/boarding.ts';
import { buildChecklist, type ChecklistFacts, isReadyForGoLive } from './checklist.ts';
import { canFileTransition, checkFileName, missingRequiredFileTypes } from './files.ts';
import { personsSetErrors, validatePerson } from './form-rules.ts';
import { personInputSchema, type PersonInput } from './forms.ts';
import { canContractTransition, canOfferTransition, canVerificationTransition } from './machines.ts';
import { isValidPostalCode } from './postal-codes.ts';
import { isEnglishText } from './text-rules.ts';

const today = { year: 2026, month: 3, day: 2 };
const base: PersonInput = {
  first_name: 'Oliver',
  last_name: 'Bennett',
  birth_date: '1979-08-21',
  email: 'o@b.example',
  document: {
    type: 'passport',
    number: '533380006',
    issuedCountryCode: 'GB',
    issuedBy: 'HMPO',
    issuedDate: '2020-02-11',
    expirationDate: '2030-02-11',
  },
  is_as: true,
  is_lr: false,
  is_bo: true,
  authority: { basis: 'Board resolution', issue_date: '2021-04-01' },
  ownership: '60',
  residence_address: { country: 'GB', zip: 'SW1A 1AA', city: 'London', street: '10 Downing Street' },
  has_bankruptcy: false,
  aml: NO_AML_FINDINGS,
};

describe('state machines (spec §4)', () => {
  it.each([
    ['created', 'approved', true],
    ['created', 'declined', true],
    ['approved', 'converted', true],
    ['approved', 'declined', false],
    ['declined', 'approved', false],
    ['converted', 'created', false],
    ['created', 'converted', false],
  ] as const)('offer %s → %s: %s', (from, to, ok) => expect(canOfferTransition(from, to)).toBe(ok));

  it('offer and contract codes are the spec numbers', () => {
    expect(OFFER_STATUS).toEqual({ declined: 0, created: 2, approved: 3, converted: 4 });
    expect(CONTRACT_STATUS).toEqual({ declined: 0, initialized: 1, created: 2, signed: 3 });
  });

  it.each([
    ['initialized', 'created', true],
    ['created', 'signed', true],
    ['created', 'declined', true],
    ['initialized', 'declined', true],
    ['initialized', 'signed', false],
    ['signed', 'declined', false],
    ['declined', 'signed', false],
  ] as const)('contract %s → %s: %s', (from, to, ok) => expect(canContractTransition(from, to)).toBe(ok));

  it.each([
    ['none', 'PENDING', true],
    ['PENDING', 'ACCEPTED', true],
    ['PENDING', 'DECLINED_AML', true],
    ['DECLINED', 'PENDING', true],
    ['UNKNOWN', 'PENDING', true],
    ['DECLINED_AML', 'ACCEPTED', true],
    ['DECLINED_AML', 'PENDING', false],
    ['ACCEPTED', 'PENDING', false],
    ['none', 'ACCEPTED', false],
  ] as const)('verification %s → %s: %s', (from, to, ok) =>
    expect(canVerificationTransition(from, to)).toBe(ok));

  it.each<[FileStatusCodeName, FileStatusCodeName, boolean]>([
    ['ACTIVE', 'PENDING_VERIFICATION', true],
    ['PENDING_VERIFICATION', 'VERIFIED', true],
    ['PENDING_VERIFICATION', 'VERIFICATION_ERROR', true],
    ['PENDING_COMMENT', 'PENDING_VERIFICATION', true],
    ['VERIFIED', 'EXPIRED', true],
    ['DECLINED', 'MANUALLY_VERIFIED', true],
    ['ACTIVE', 'VERIFIED', false],
    ['EXPIRED', 'ACTIVE', false],
    ['MANUALLY_DECLINED', 'PENDING_VERIFICATION', false],
    ['DECLINED', 'PENDING_VERIFICATION', false],
  ])('file %s → %s: %s', (from, to, ok) => expect(canFileTransition(from, to)).toBe(ok));

  it('file codes are 1 … 10', () =>
    expect(Object.values(FILE_STATUS_CODE)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
});

describe('person rules (spec §5, §9)', () => {
  it('accepts a valid person', () => expect(validatePerson(base, today)).toEqual({}));
  it.each<[string, Partial<PersonInput>, string]>([
    ['age 15', { birth_date: '2010-08-21' }, 'birth_date'],
    ['age 86', { birth_date: '1939-08-21' }, 'birth_date'],
    [
      'expired document',
      { document: { ...base.document, expirationDate: '2026-03-15' } },
      'document.expirationDate',
    ],
    ['ownership 0', { ownership: '0' }, 'ownership'],
    ['ownership 100.01', { ownership: '100.01' }, 'ownership'],
    ['BO without ownership', { ownership: undefined }, 'ownership'],
    ['AS without authority', { authority: undefined }, 'authority'],
    [
      'UK postal code',
      { residence_address: { ...base.residence_address, zip: '75001' } },
      'residence_address.zip',
    ],
  ])('%s', (_n, overrides, field) =>
    expect(Object.keys(validatePerson({ ...base, ...overrides }, today))).toContain(field));

  it('ages 16 and 85 are inside the range', () => {
    expect(validatePerson({ ...base, birth_date: '2010-03-02' }, today)).toEqual({});
    expect(validatePerson({ ...base, birth_date: '1940-03-03' }, today)).toEqual({});
  });

  it('set rules: a person per role and ownership total at most 100%', () => {
    expect(
      Object.keys(personsSetErrors([{ is_as: true, is_lr: false, is_bo: true, ownership: '60' }])),
    ).toEqual(['legal_reps']);
    const total = personsSetErrors([
      { is_as: true, is_lr: true, is_bo: true, ownership: '60.5' },
      { is_as: false, is_lr: false, is_bo: true, ownership: '40.5' },
    ]);
    expect(total.ownership).toBe('OWNERSHIP_TOTAL_OVER_100?total=101');
  });

  it('English only: Latin script passes, Cyrillic and CJK fail', () => {
    expect(isEnglishText('Müller & Søn Ltd.')).toBe(true);
    expect(isEnglishText('Иванов')).toBe(false);
    expect(personInputSchema.safeParse({ ...base, last_name: '王' }).success).toBe(false);
  });

  it('postal codes per country, five digits by default', () => {
    expect(isValidPostalCode('GB', 'ec2a 4ne')).toBe(true);
    expect(isValidPostalCode('PL', '00-850')).toBe(true);
    expect(isValidPostalCode('PL', '00850')).toBe(false);
    expect(isValidPostalCode('ZZ', '12345')).toBe(true);
    expect(isValidPostalCode('ZZ', '1234')).toBe(false);
  });
});

describe('files and checklist', () => {
  it.each([
    ['Bank statement (Jan).pdf', 'pdf'],
    ["O'Neil & Co - ledger_2025!.csv", 'csv'],
    ['Übersicht.PDF', 'pdf'],
  ])('name %s is allowed', (name, ext) => expect(checkFileName(name)).toEqual({ ext }));
  it.each([
    ['photo.png', 'FILE_EXTENSION_INVALID'],
    ['noextension', 'FILE_EXTENSION_INVALID'],
    ['bill#1.pdf', 'FILE_NAME_INVALID'],
    ['a/b.pdf', 'FILE_NAME_INVALID'],
    ['.pdf', 'FILE_NAME_INVALID'],
  ])('name %s is refused', (name, error) => expect(checkFileName(name)).toEqual({ error }));

  it('licence becomes required with a licence', () => {
    expect(missingRequiredFileTypes(['incorporationCertificate'], { hasLicence: true })).toContain('licence');
    expect(missingRequiredFileTypes(['incorporationCertificate'], { hasLicence: false })).not.toContain(
      'licence',
    );
  });

  const done: ChecklistFacts = {
    appFormStatus: 'signed',
    companyComplete: true,
    hasPersons: true,
    missingFileTypes: 0,
    internalCheckApproved: true,
    verificationLinksSent: true,
    allPersonsVerified: true,
    allQuestionnairesSigned: true,
    offerApproved: true,
    hasPartner: false,
    invoicePaid: true,
    mainContractSigned: true,
    contactsComplete: true,
  };
  it('go-live only when every item is done; items are marked for the role that acts', () => {
    expect(isReadyForGoLive(buildChecklist(done))).toBe(true);
    expect(isReadyForGoLive(buildChecklist({ ...done, invoicePaid: false }))).toBe(false);
    expect(isReadyForGoLive(buildChecklist({ ...done, offerApproved: false, hasPartner: true }))).toBe(true);
    const bc = buildChecklist(done, 'bc');
    expect(bc.find((e) => e.item === 'formsSigned')?.mine).toBe(false);
    expect(bc.find((e) => e.item === 'filesUploaded')?.mine).toBe(true);
  });
});
