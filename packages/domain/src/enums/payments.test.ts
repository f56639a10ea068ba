import { describe, expect, it } from 'vitest';
import {
  COP_RESULTS,
  methodsForCurrency,
  methodSupportsCurrency,
  PAYMENT_METHOD_CODES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  POSTBACK_TYPES,
} from './payments.ts';
import { PAYMENT_TRANSITIONS } from '../payments/state-machine.ts';

describe('payment enums', () => {
  it('has the eleven payment statuses of spec §4, each one lower-case word the state machine knows', () => {
    expect(PAYMENT_STATUSES).toHaveLength(11);
    expect(new Set(PAYMENT_STATUSES).size).toBe(PAYMENT_STATUSES.length);
    for (const status of PAYMENT_STATUSES) expect(status).toMatch(/^[a-z]+$/);
    expect([...PAYMENT_STATUSES].sort()).toEqual(Object.keys(PAYMENT_TRANSITIONS).sort());
    expect(PAYMENT_STATUSES).toContain('canceled'); // the spec's spelling, one l
  });

  it.each([
    ['BANK_TRANSFER_EU', ['EUR']],
    ['BASE_TRANSFER', ['RUB']],
    ['FPS', ['GBP']],
    ['CHAPS', ['GBP']],
    ['BACS', ['GBP']],
    ['SEPA', ['EUR']],
    ['SEPA_INSTANT', ['EUR']],
    ['SWIFT', ['USD', 'EUR']],
    ['FEDWIRE', ['USD']],
    ['ACH', ['USD']],
    ['BECS', ['AUD']],
    ['ESCROW_BLOCKCHAIN', ['EUR', 'GBP', 'USD']],
  ] as const)('%s carries %j (spec §9)', (method, currencies) => {
    expect(PAYMENT_METHODS[method].currencies).toEqual(currencies);
  });

  it('lets internal payments carry any currency', () => {
    expect(methodSupportsCurrency('INTERNAL', 'JPY')).toBe(true);
    expect(methodSupportsCurrency('FPS', 'EUR')).toBe(false);
  });

  it('finds the GBP rails', () => {
    expect(methodsForCurrency('GBP')).toEqual(['FPS', 'CHAPS', 'BACS', 'ESCROW_BLOCKCHAIN', 'INTERNAL']);
    expect(PAYMENT_METHOD_CODES).toContain('SEPA_INSTANT');
  });

  it('has an English description for each of the 15 CoP codes', () => {
    const codes = Object.keys(COP_RESULTS);
    expect(codes).toEqual([
      'ANNM',
      'MBAM',
      'BANM',
      'PANM',
      'BAMM',
      'PAMM',
      'IVCR',
      'ACNS',
      'OPTO',
      'SCNS',
      'SCNF',
      'CASS',
      'AC01',
      'TECH_ERROR',
      'UNKNOWN',
    ]);
    for (const text of Object.values(COP_RESULTS)) expect(text).toMatch(/^[A-Z].+\.$/);
  });

  it('has the eight postback types', () => {
    expect(POSTBACK_TYPES).toHaveLength(8);
  });
});
