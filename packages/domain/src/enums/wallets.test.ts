import { describe, expect, it } from 'vitest';
import {
  BALANCE_TYPE_CODE,
  BALANCE_TYPES,
  canChangeVaStatus,
  ENTITY_STATUS,
  IBAN_CHECK_RULE_CODES,
  IBAN_CHECK_RULE_GROUPS,
  IBAN_CHECK_RULE_METHODS,
  VA_CLOSURE_REASONS,
  VA_REASON_TARGET_STATUS,
  VA_STATUSES,
  WALLET_ACTIVITY_STATUS,
  WALLET_STATUS,
} from './wallets.ts';
import { PAYMENT_METHODS } from './payments.ts';

describe('wallet enums', () => {
  it('keeps the spec numbers', () => {
    expect(WALLET_STATUS).toEqual({ closed: 0, active: 1, disabled: 2 });
    expect(WALLET_ACTIVITY_STATUS).toEqual({ inactive: 0, active: 1 });
    expect(ENTITY_STATUS).toEqual({ deleted: 0, active: 1 });
    expect(BALANCE_TYPE_CODE).toEqual({ opening: 0, suspended: 1, blocked: 2 });
    expect(BALANCE_TYPES).toHaveLength(8);
  });

  it('groups check rules as the spec says', () => {
    expect(IBAN_CHECK_RULE_GROUPS.ukOnly).toEqual(['SEPA_UK_ACCOUNT']);
    expect(IBAN_CHECK_RULE_GROUPS.mixed).toEqual(['SEPA_NO_UK_ACCOUNT', 'SEPA_UK_ACCOUNT', 'SEPA']);
    for (const code of IBAN_CHECK_RULE_CODES) {
      for (const method of IBAN_CHECK_RULE_METHODS[code]) expect(PAYMENT_METHODS).toHaveProperty(method);
    }
    expect(IBAN_CHECK_RULE_METHODS.SEPA_UK_ACCOUNT).toEqual(['SEPA', 'FPS', 'CHAPS', 'BACS']);
  });

  it('describes every VA reason code and maps it to disabled or closed', () => {
    expect(Object.keys(VA_CLOSURE_REASONS)).toEqual([
      'VAAC010',
      'VAAC020',
      'VAAC021',
      'VAAC029',
      'VAAC030',
      'VAAC031',
      'VAAC032',
      'VAAC039',
    ]);
    expect(VA_CLOSURE_REASONS.VAAC010).toBe('Closed by client');
    expect(VA_REASON_TARGET_STATUS.VAAC021).toBe('disabled');
    expect(VA_REASON_TARGET_STATUS.VAAC032).toBe('closed');
  });

  it.each([
    ['active', 'disabled', true],
    ['active', 'closed', true],
    ['disabled', 'active', true],
    ['disabled', 'closed', true],
    ['closed', 'active', false],
    ['closed', 'disabled', false],
    ['active', 'active', false],
  ] as const)('VA %s → %s allowed: %s', (from, to, allowed) => {
    expect(canChangeVaStatus(from, to)).toBe(allowed);
  });

  it('has the three VA statuses', () => {
    expect(VA_STATUSES).toEqual(['active', 'disabled', 'closed']);
  });
});
