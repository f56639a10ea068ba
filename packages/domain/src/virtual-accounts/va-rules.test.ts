import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canChangeVaStatus } from '../enums/wallets.ts';
import { validateIban } from '../formats/iban.ts';
import { canVaRequestTransition, canVaTransition, reasonFitsAction, vaActionTarget } from './va-machines.ts';
import { isValidVaNumber, maxSerial, type VaRange, validateVaRange, vaNumber } from './va-numbers.ts';
import {
  uboSchema,
  customParametersSchema,
  expectedTurnoverSchema,
  legalNameForRails,
} from './va.schemas.ts';
import { VA_REQUEST_STATUSES, VA_STATUSES } from './va-codes.ts';

const RANGES: VaRange[] = [
  { checkRuleCode: 'SEPA_UK_ACCOUNT', country: 'GB', bankLetters: 'CLRL', prefix: '040075' },
  { checkRuleCode: 'SEPA_NO_UK_ACCOUNT', country: 'GB', bankLetters: 'CLRL', prefix: '040075' },
  { checkRuleCode: 'SEPA', country: 'LT', bankLetters: '', prefix: '32900' },
  { checkRuleCode: 'SEPA', country: 'DE', bankLetters: '', prefix: '37040044' },
  { checkRuleCode: 'SEPA', country: 'NL', bankLetters: '', prefix: '0' },
  { checkRuleCode: 'BECS', country: 'AU', bankLetters: '', prefix: '802985' },
  { checkRuleCode: 'ACH', country: 'US', bankLetters: '', prefix: '021000021' },
];

describe('VA numbers', () => {
  it('every serial of every range gives a valid number, distinct serials distinct numbers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RANGES.filter((r) => r.country !== 'NL')),
        fc.nat(),
        fc.nat(),
        (range, a, b) => {
          const max = Math.min(maxSerial(range), 2 ** 31);
          const [x, y] = [a % max, b % max];
          const nx = vaNumber(range, x);
          expect(isValidVaNumber(range, nx)).toBe(true);
          if (nx.iban) expect(validateIban(nx.iban)).toBeNull();
          if (x !== y) expect(vaNumber(range, y).number).not.toBe(nx.number);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('UK groups carry sort code and account number, BECS BSB and account number', () => {
    const uk = vaNumber(RANGES[0] as VaRange, 42);
    expect(uk).toMatchObject({ sortCode: '040075', accNumber: '00000042' });
    expect(uk.iban).toMatch(/^GB\d{2}CLRL04007500000042$/);
    expect(vaNumber(RANGES[1] as VaRange, 42).sortCode).toBeNull();
    expect(vaNumber(RANGES[5] as VaRange, 7)).toMatchObject({
      bsbCode: '802985',
      accNumber: '000000007',
      iban: null,
    });
  });

  it('ranges staff may not assign', () => {
    const [uk, , lt] = RANGES as [VaRange, VaRange, VaRange];
    expect(validateVaRange(uk, 1, 100)).toBeNull();
    expect(validateVaRange({ ...uk, prefix: '041307' }, 1, 10)).toBe('VA_RANGE_PREFIX');
    expect(validateVaRange({ ...lt, prefix: '39500' }, 1, 10)).toBe('VA_RANGE_PREFIX');
    expect(validateVaRange(uk, 10, 1)).toBe('VA_RANGE_BOUNDS');
    expect(validateVaRange(uk, 1, 100_000_000)).toBe('VA_RANGE_BOUNDS');
    expect(validateVaRange({ ...uk, country: 'LT' }, 1, 10)).toBe('VA_RANGE_COUNTRY');
    expect(validateVaRange({ ...uk, bankLetters: 'CL1' }, 1, 10)).toBe('VA_RANGE_PREFIX');
    expect(
      validateVaRange({ checkRuleCode: 'ACH', country: 'US', bankLetters: '', prefix: '021000022' }, 1, 10),
    ).toBe('VA_RANGE_PREFIX');
  });
});

describe('VA state machines', () => {
  // The cases of the rule itself are in enums/wallets.test.ts; here: the machine answers as the rule does.
  it.each(VA_STATUSES)('from %s the VA machine allows what the VA status rule allows', (from) => {
    for (const to of VA_STATUSES) expect(canVaTransition(from, to)).toBe(canChangeVaStatus(from, to));
  });

  it('closed is final: nothing leaves it', () => {
    for (const to of VA_STATUSES) expect(canVaTransition('closed', to)).toBe(false);
  });

  it.each([
    ['created', 'approved', true],
    ['created', 'pending', true],
    ['pending', 'declined', true],
    ['created', 'canceled', true],
    ['approved', 'allocated', true],
    ['allocated', 'accepted', true],
    ['declined', 'approved', false],
    ['canceled', 'created', false],
    ['allocated', 'canceled', false],
    ['accepted', 'allocated', false],
  ] as const)('request %s → %s: %s', (from, to, allowed) =>
    expect(canVaRequestTransition(from, to)).toBe(allowed));

  it('final request states have no way out', () => {
    for (const from of ['declined', 'canceled', 'accepted'] as const)
      for (const to of VA_REQUEST_STATUSES) expect(canVaRequestTransition(from, to)).toBe(false);
  });

  it('reason codes fit their action', () => {
    expect(reasonFitsAction('close', 'VAAC010')).toBe(true);
    expect(reasonFitsAction('close', 'VAAC020')).toBe(false);
    expect(reasonFitsAction('disable', 'VAAC021')).toBe(true);
    expect(reasonFitsAction('disable', undefined)).toBe(false);
    expect(reasonFitsAction('enable', undefined)).toBe(true);
    expect(vaActionTarget('close')).toBe('closed');
  });
});

describe('VA request rules (spec §5)', () => {
  const issues = (value: unknown) =>
    customParametersSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('custom parameter names are camelCase and unique, values required once a name is filled', () => {
    expect(issues([{ name: 'localFirstName', value: 'Ann' }])).toEqual([]);
    expect(issues([{ name: '', value: '' }])).toEqual([]);
    expect(issues([{ name: 'LocalFirstName', value: 'Ann' }])).toEqual([['0.name', 'customParamCamelCase']]);
    expect(issues([{ name: 'local_first', value: 'Ann' }])).toEqual([['0.name', 'customParamCamelCase']]);
    expect(
      issues([
        { name: 'a', value: '1' },
        { name: 'a', value: '2' },
      ]),
    ).toEqual([['1.name', 'customParamDuplicate']]);
    expect(issues([{ name: 'a', value: '' }])).toEqual([['0.value', 'customParamValueRequired']]);
  });

  it('expected turnover is not negative and below the maximum', () => {
    const code = (v: string) => expectedTurnoverSchema.safeParse(v).error?.issues[0]?.message ?? null;
    expect(code('0')).toBeNull();
    expect(code('99999999.99')).toBeNull();
    expect(code('-0.01')).toBe('turnoverNegative');
    expect(code('100000000')).toBe('turnoverTooHigh');
    expect(code('12e5')).toBe('turnoverInvalid');
  });

  it("'&' in legal names becomes 'and' on the rails", () => {
    expect(legalNameForRails('Smith & Sons Ltd')).toBe('Smith and Sons Ltd');
    expect(legalNameForRails('A&B')).toBe('A and B');
  });

  it('a PEP owner needs evidence, and the evidence has a length limit', () => {
    const base = { name: 'Ann', birth_date: '1980-02-03', ownership: '30', beneficial_owner_pep: 'yes' };
    const code = (v: unknown) => uboSchema.safeParse(v).error?.issues[0]?.message ?? null;
    expect(code({ ...base, beneficial_owner_pep_details: 'Minister of Finance 2019-2021' })).toBeNull();
    expect(code(base)).toBe('pepEvidenceRequired');
    expect(code({ ...base, beneficial_owner_pep_details: 'x'.repeat(501) })).toBe('infoTooLong');
    expect(code({ ...base, beneficial_owner_pep: undefined })).toBe('pepAnswerRequired');
  });
});
