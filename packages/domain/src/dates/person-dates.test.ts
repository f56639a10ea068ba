import { describe, expect, it } from 'vitest';
import { ageOn, validateBirthDate, validateDocumentExpiry, validatePastDate } from './person-dates.ts';

const today = { year: 2025, month: 6, day: 15 };

describe('validateBirthDate (ages 16–85)', () => {
  it.each([
    ['2009-06-15', null],
    ['2009-06-16', 'AGE_TOO_YOUNG'],
    ['1940-06-16', null],
    ['1939-06-16', null],
    ['1939-06-15', 'AGE_TOO_OLD'],
    ['1980-02-30', 'DATE_INVALID'],
    ['15/06/1980', 'DATE_INVALID'],
    ['', 'DATE_REQUIRED'],
    ['1899-12-31', 'DATE_BEFORE_MIN'],
    ['2030-01-01', 'DATE_IN_FUTURE'],
  ])('%s → %s', (birth, error) => {
    expect(validateBirthDate(birth, today)).toBe(error);
  });

  it('counts a 29 February birthday on 28 February', () => {
    expect(ageOn({ year: 2008, month: 2, day: 29 }, { year: 2025, month: 2, day: 28 })).toBe(17);
    expect(ageOn({ year: 2008, month: 2, day: 29 }, { year: 2025, month: 2, day: 27 })).toBe(16);
  });
});

describe('validateDocumentExpiry (at least 1 month ahead)', () => {
  it.each([
    ['2025-07-15', null],
    ['2025-07-14', 'DOCUMENT_EXPIRES_TOO_SOON'],
    ['2025-06-01', 'DOCUMENT_EXPIRES_TOO_SOON'],
    ['2099-12-31', null],
    ['2100-01-01', 'DOCUMENT_EXPIRY_TOO_LATE'],
    ['2031-04-31', 'DATE_INVALID'],
  ])('%s → %s', (expiry, error) => {
    expect(validateDocumentExpiry(expiry, today)).toBe(error);
  });

  it('counts a month from 31 January as 28/29 February', () => {
    expect(validateDocumentExpiry('2025-02-28', { year: 2025, month: 1, day: 31 })).toBeNull();
  });
});

describe('validatePastDate', () => {
  it.each([
    ['2025-06-15', null],
    ['2025-06-16', 'DATE_IN_FUTURE'],
    ['1900-01-01', null],
    ['1899-12-31', 'DATE_BEFORE_MIN'],
  ])('%s → %s', (date, error) => {
    expect(validatePastDate(date, today)).toBe(error);
  });
});
