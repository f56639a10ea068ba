import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, type PaymentMethod } from '../enums/payments.ts';
import { csvCell } from './csv.ts';
import { expectedBicFor, findBank } from './bank-directory.ts';
import { METHOD_REQUISITES, type RequisiteField } from './methods.ts';
import { isValidInn, validatePayout } from './requisites.ts';

/** A valid set of requisites and currency per payout method. */
const VALID: Record<
  Exclude<PaymentMethod, 'ESCROW_BLOCKCHAIN'>,
  { currency: string; requisites: Partial<Record<RequisiteField, string>> }
> = {
  BANK_TRANSFER_EU: { currency: 'EUR', requisites: { payee: 'Acme GmbH', iban: 'DE89370400440532013000' } },
  BASE_TRANSFER: {
    currency: 'RUB',
    requisites: {
      payee: 'OOO Romashka',
      bankAccountNumber: '40702810900000012345',
      bankCode: '044525225',
      inn: '7707083893',
    },
  },
  FPS: {
    currency: 'GBP',
    requisites: { payee: 'Acme Ltd', sortCode: '20-00-00', accountNumber: '31926819' },
  },
  CHAPS: {
    currency: 'GBP',
    requisites: { payee: 'Acme Ltd', sortCode: '20-00-00', accountNumber: '31926819' },
  },
  BACS: {
    currency: 'GBP',
    requisites: { payee: 'Acme Ltd', sortCode: '40-47-84', accountNumber: '12345678' },
  },
  SEPA: { currency: 'EUR', requisites: { payee: 'Acme B.V.', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' } },
  SEPA_INSTANT: { currency: 'EUR', requisites: { payee: 'Acme SARL', iban: 'FR1420041010050500013M02606' } },
  SWIFT: {
    currency: 'USD',
    requisites: { payee: 'Acme AG', iban: 'CH9300762011623852957', bic: 'UBSWCHZH80A' },
  },
  FEDWIRE: {
    currency: 'USD',
    requisites: { payee: 'Acme Inc', bankCode: '021000021', bankAccountNumber: '123456789' },
  },
  ACH: {
    currency: 'USD',
    requisites: { payee: 'Acme Inc', bankCode: '026009593', bankAccountNumber: '0012345678' },
  },
  BECS: {
    currency: 'AUD',
    requisites: { payee: 'Acme Pty Ltd', bsb: '062-000', bankAccountNumber: '12345678' },
  },
  SIGNET: {
    currency: 'USD',
    requisites: { payee: 'Acme Inc', bankCode: '011000015', bankAccountNumber: '5551234' },
  },
  UA_SYSTEM: {
    currency: 'UAH',
    requisites: { payee: 'TOV Acme', iban: 'UA213223130000026007233566001', taxNumber: '12345678' },
  },
  MD_SYSTEM: {
    currency: 'MDL',
    requisites: { payee: 'SRL Acme', iban: 'MD24AG000225100013104168', registrationNumber: '1003600012345' },
  },
  INTERNAL: { currency: 'EUR', requisites: { payee: 'Sister company', iban: 'LT643950000000000001' } },
};

/** Real-world mistakes per field kind: typos, transposed digits, wrong lengths, letters. */
const BAD: Partial<Record<RequisiteField, string[]>> = {
  iban: [
    'DE89370400440532013001',
    'GB82WEST1234569876543',
    'NL91ABNA041716430',
    'XX89370400440532013000',
    'DE89 3704 0044 0532 0130 0O',
    'FR14/2004/1010',
  ],
  bic: ['DEUTDEF', 'DEUT1EFF', 'DEUTXXFF', 'NWBKGB2LXXXX'],
  bankSwiftCode: ['BUKB GB2', '12345678'],
  sortCode: ['20-00-0', '2O-00-00', '20-00-000'],
  accountNumber: ['3192681', '3192681X', '319268190'],
  bankCode: ['021000022', '123456789', '02100002A', '02100002'],
  bsb: ['06-2000', '0620001', 'ABC-DEF'],
  bankAccountNumber: ['12', 'ABCDEFGH', '123456789012345678901'],
  inn: ['7707083894', '770708389', 'ABCDEFGHIJ'],
  taxNumber: ['1234567', 'ABCDEFGH'],
  registrationNumber: ['100360001234', 'ABC'],
  payee: ['Acme\u0000Ltd', 'A'.repeat(71)],
  accountUuid: ['not-a-uuid'],
};

type SampleMethod = keyof typeof VALID;

/**
 * Validates a payout of `method` built from its valid sample: a test names only what it is about
 * (the amount, the currency, or requisites that replace the sample's own).
 */
function validateSample(
  method: SampleMethod,
  change: { amount?: string; currency?: string; requisites?: Partial<Record<RequisiteField, string>> } = {},
) {
  const sample = VALID[method];
  return validatePayout({
    method,
    currency: change.currency ?? sample.currency,
    amount: change.amount ?? '100.00',
    requisites: { ...sample.requisites, ...change.requisites },
  });
}

const cases = (Object.keys(VALID) as (keyof typeof VALID)[]).flatMap((method) =>
  METHOD_REQUISITES[method].flatMap((spec) =>
    (BAD[spec.field] ?? []).map((bad) => [method, spec.field, bad] as const),
  ),
);

describe('validatePayout: every method accepts its valid requisites', () => {
  it.each(Object.keys(VALID) as SampleMethod[])('%s', (method) => {
    const r = validateSample(method);
    expect(r.ok ? 'ok' : r.errors).toBe('ok');
  });
});

describe('validatePayout: bad input in every requisite field of every method', () => {
  it.each(cases)('%s %s = %j is refused on that field', (method, field, bad) => {
    const r = validateSample(method, { requisites: { [field]: bad } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors)).toEqual([`requisites.${field}`]);
  });

  it.each(
    (Object.keys(VALID) as (keyof typeof VALID)[]).flatMap((m) =>
      METHOD_REQUISITES[m].filter((s) => s.required).map((s) => [m, s.field] as const),
    ),
  )('%s without %s says it is required', (method, field) => {
    const r = validateSample(method, { amount: '1.00', requisites: { [field]: '  ' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[`requisites.${field}`]?.code).toBe('FIELD_REQUIRED');
  });
});

describe('method-specific rules', () => {
  it('BIC mismatch shows the expected value', () => {
    const r = validateSample('SEPA', { amount: '1', requisites: { bic: 'INGBNL2A' } });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors['requisites.bic']?.message).toBe(
        'SWIFT/BIC does not match the IBAN. Expected value: ABNANL2A.',
      );
    expect(expectedBicFor('DE89370400440532013000', 'COBADEFFXXX')).toBeNull();
  });
  it('a BIC of another country than the IBAN is refused', () => {
    const r = validateSample('SWIFT', { amount: '10', requisites: { bic: 'DEUTDEFF' } });
    expect(r.ok ? null : r.errors['requisites.bic']?.code).toBe('BIC_COUNTRY_MISMATCH');
  });
  it('IBAN valid but outside the method: UA IBAN by SEPA, DE IBAN by FPS', () => {
    const a = validatePayout({
      method: 'SEPA',
      currency: 'EUR',
      amount: '1',
      requisites: { payee: 'x', iban: 'UA213223130000026007233566001' },
    });
    expect(a.ok ? null : a.errors['requisites.iban']?.message).toBe(
      'SEPA reaches only IBANs of SEPA countries.',
    );
    const b = validatePayout({
      method: 'CHAPS',
      currency: 'GBP',
      amount: '1',
      requisites: {
        payee: 'x',
        sortCode: '200000',
        accountNumber: '31926819',
        iban: 'DE89370400440532013000',
      },
    });
    expect(b.ok).toBe(true); // CHAPS takes sort code and account; an extra IBAN is ignored
  });
  it('currency the method does not carry', () => {
    const r = validateSample('FPS', { currency: 'EUR', amount: '1' });
    expect(r.ok ? null : r.errors.currency?.message).toBe('FPS does not carry EUR.');
  });
  it('internal payments need an IBAN of our own or an account id', () => {
    const r = validatePayout({
      method: 'INTERNAL',
      currency: 'EUR',
      amount: '1',
      requisites: { payee: 'x' },
    });
    expect(r.ok ? null : r.errors['requisites.iban']?.code).toBe('INTERNAL_ACCOUNT_REQUIRED');
  });
  it('normalizes what it keeps and drops fields the method does not use', () => {
    const r = validatePayout({
      method: 'FPS',
      currency: 'GBP',
      amount: '1,250.5',
      requisites: { payee: '  Acme   Ltd ', sortCode: '20-00-00', accountNumber: '3192 6819', iban: 'junk' },
    });
    expect(r.ok && r.value).toEqual({
      method: 'FPS',
      currency: 'GBP',
      amountMinor: 125_050n,
      requisites: { payee: 'Acme Ltd', sortCode: '200000', accountNumber: '31926819' },
    });
  });
});

describe('amounts (spec §5)', () => {
  it.each([
    ['0', 'AMOUNT_ZERO'],
    ['0.00', 'AMOUNT_ZERO'],
    ['-5', 'AMOUNT_NEGATIVE'],
    ['1.005', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['abc', 'AMOUNT_INVALID'],
    ['', 'AMOUNT_REQUIRED'],
    ['1000000.01', 'AMOUNT_ABOVE_MAX'],
  ])('FPS %j → %s', (amount, code) => {
    const r = validateSample('FPS', { amount });
    expect(r.ok ? null : r.errors.amount?.code).toBe(code);
  });
  it('below the method minimum names it', () => {
    const r = validateSample('SWIFT', { amount: '0.99' });
    expect(r.ok ? null : r.errors.amount?.message).toBe('Amount must be at least 1.00 USD.');
  });
  it('the maximum is inclusive', () => {
    expect(validateSample('SEPA_INSTANT', { amount: '100000.00' }).ok).toBe(true);
  });
});

describe('reference data', () => {
  it('INN check digits', () => {
    expect(isValidInn('7707083893')).toBe(true);
    expect(isValidInn('500100732259')).toBe(true);
    expect(isValidInn('500100732258')).toBe(false);
  });
  it('BIC directory looks up by institution, branch ignored', () => {
    expect(findBank('NWBKGB2LXXX')?.name).toBe('National Westminster Bank PLC');
    expect(findBank('ZZZZGB2L')).toBeUndefined();
  });
  it('every method label is the spec wording', () => {
    expect(PAYMENT_METHODS.SEPA_INSTANT.label).toBe('SEPA Instant');
  });
  it('CSV cells neutralise formulas but keep numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('a,b')).toBe('"a,b"');
  });
});
