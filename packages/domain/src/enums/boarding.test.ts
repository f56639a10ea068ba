import { describe, expect, it } from 'vitest';
import {
  APP_FORM_REVIEW_STATUSES,
  APP_FORM_STATUSES,
  BOARDING_ROLES,
  CONTRACT_STATUS,
  CONTRACT_TRANSITIONS,
  FILE_STATUS_CODE,
  FILE_STATUSES,
  fileStatusOfCode,
  OFFER_STATUS,
  OFFER_TRANSITIONS,
  PCI_DSS_LEVELS,
  VERIFICATION_STATUSES,
} from './boarding.ts';
import { VERIFICATION_TRANSITIONS } from '../boarding/machines.ts';

describe('boarding enums', () => {
  it('numbers file statuses 1 to 10 and names them in camelCase', () => {
    expect(Object.values(FILE_STATUS_CODE)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(FILE_STATUSES).toEqual([
      'active',
      'pendingVerification',
      'pendingComment',
      'verified',
      'verifiedComment',
      'declined',
      'expired',
      'verificationError',
      'manuallyVerified',
      'manuallyDeclined',
    ]);
    expect(fileStatusOfCode(7)).toBe('expired');
    expect(fileStatusOfCode(10)).toBe('manuallyDeclined');
    expect(fileStatusOfCode(0)).toBeUndefined();
  });

  it('keeps the offer and contract numbers', () => {
    expect(OFFER_STATUS).toEqual({ declined: 0, created: 2, approved: 3, converted: 4 });
    expect(CONTRACT_STATUS).toEqual({ declined: 0, initialized: 1, created: 2, signed: 3 });
  });

  it.each([
    ['created', 'approved', true],
    ['created', 'declined', true],
    ['approved', 'converted', true],
    ['created', 'converted', false],
    ['declined', 'approved', false],
    ['converted', 'declined', false],
  ] as const)('offer %s → %s allowed: %s', (from, to, allowed) => {
    expect((OFFER_TRANSITIONS[from] as readonly string[]).includes(to)).toBe(allowed);
  });

  it.each([
    ['initialized', 'created', true],
    ['created', 'signed', true],
    ['created', 'declined', true],
    ['initialized', 'signed', false],
    ['signed', 'declined', false],
  ] as const)('contract %s → %s allowed: %s', (from, to, allowed) => {
    expect((CONTRACT_TRANSITIONS[from] as readonly string[]).includes(to)).toBe(allowed);
  });

  it('lists statuses and roles as the spec spells them', () => {
    expect(APP_FORM_STATUSES).toEqual(['none', 'draft', 'submitted', 'signed']);
    expect(APP_FORM_REVIEW_STATUSES[1]).toBe('OpenedByMerchant');
    // `none` (never started) is ours; the rest are the verification provider's upper-case statuses.
    expect(VERIFICATION_STATUSES[0]).toBe('none');
    for (const status of VERIFICATION_STATUSES.slice(1)) expect(status).toMatch(/^[A-Z]+(?:_[A-Z]+)*$/);
    expect([...VERIFICATION_STATUSES].sort()).toEqual(Object.keys(VERIFICATION_TRANSITIONS).sort());
    expect(VERIFICATION_STATUSES).toContain('DECLINED_AML');
    expect(BOARDING_ROLES).toEqual(['bc', 'as', 'lr', 'bo']);
    expect(PCI_DSS_LEVELS).toEqual(['Level1', 'Level2', 'Level3', 'Level4']);
  });
});
