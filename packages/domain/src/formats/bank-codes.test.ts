import { describe, expect, it } from 'vitest';
import {
  validateAbaRouting,
  validateBic,
  validateBsb,
  validateSortCode,
  validateUkAccountNumber,
} from './bank-codes.ts';

describe('validateBic', () => {
  it.each(['DEUTDEFF', 'BUKBGB22', 'NWBKGB2LXXX', 'DEUTDEFF500', 'ROYCCAT2'])('accepts %s', (bic) => {
    expect(validateBic(bic)).toBeNull();
  });
  it.each([
    ['', 'BIC_REQUIRED'],
    ['DEUTDEF', 'BIC_INVALID'],
    ['DEUTDEFF5', 'BIC_INVALID'],
    ['DEUT1EFF', 'BIC_INVALID'],
    ['DEUTXXFF', 'BIC_INVALID'],
    ['deutdeff', 'BIC_INVALID'],
    ['DEUTDEFF50', 'BIC_INVALID'],
  ])('%j → %s', (bic, error) => {
    expect(validateBic(bic)).toBe(error);
  });
});

describe('UK sort code and account number', () => {
  it.each(['20-00-00', '40-47-84', '404784', '09-01-28'])('accepts sort code %s', (code) => {
    expect(validateSortCode(code)).toBeNull();
  });
  it.each([
    ['', 'SORT_CODE_REQUIRED'],
    ['20-00-0', 'SORT_CODE_INVALID'],
    ['20-00-000', 'SORT_CODE_INVALID'],
    ['2O-00-00', 'SORT_CODE_INVALID'],
  ])('%j → %s', (code, error) => {
    expect(validateSortCode(code)).toBe(error);
  });
  it('checks account numbers are eight digits', () => {
    expect(validateUkAccountNumber('31926819')).toBeNull();
    expect(validateUkAccountNumber('3192681')).toBe('ACCOUNT_NUMBER_INVALID');
    expect(validateUkAccountNumber('')).toBe('ACCOUNT_NUMBER_REQUIRED');
  });
});

describe('validateAbaRouting (3-7-1 checksum)', () => {
  it.each([
    ['021000021', 'JPMorgan Chase'],
    ['011000015', 'Federal Reserve Bank of Boston'],
    ['026009593', 'Bank of America'],
    ['121000358', 'Bank of America California'],
    ['021 000 021', 'grouped'],
  ])('accepts %s (%s)', (aba) => {
    expect(validateAbaRouting(aba)).toBeNull();
  });
  it.each([
    ['021000022', 'ABA_BAD_CHECKSUM'],
    ['123456789', 'ABA_BAD_CHECKSUM'],
    ['02100002', 'ABA_INVALID'],
    ['02100002A', 'ABA_INVALID'],
    ['', 'ABA_REQUIRED'],
  ])('%j → %s', (aba, error) => {
    expect(validateAbaRouting(aba)).toBe(error);
  });
});

describe('validateBsb', () => {
  it.each(['062-000', '033-000', '802-985', '062000'])('accepts %s', (bsb) => {
    expect(validateBsb(bsb)).toBeNull();
  });
  it.each([
    ['06-2000', 'BSB_INVALID'],
    ['0620001', 'BSB_INVALID'],
    ['', 'BSB_REQUIRED'],
  ])('%j → %s', (bsb, error) => {
    expect(validateBsb(bsb)).toBe(error);
  });
});
