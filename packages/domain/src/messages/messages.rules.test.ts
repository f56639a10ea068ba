import { describe, expect, it } from 'vitest';
import { CASE_STATUSES, type CaseStatus } from '../enums/messages.ts';
import { canDeleteInCase, canMoveCase, formatCaseNumber, parseCaseNumber } from './messages.rules.ts';
import { newMessageSchema } from './messages.api.ts';

describe('case status rules', () => {
  it.each([
    ['Created', 'In Progress', true],
    ['Created', 'Declined-Closed', true],
    ['In Progress', 'On Hold', true],
    ['On Hold', 'External Investigating', true],
    ['External Investigating', 'Closed', true],
    ['Closed', 'In Progress', true],
    ['Declined-Closed', 'In Progress', true],
    ['Closed', 'On Hold', false],
    ['Declined-Closed', 'Closed', false],
    ['In Progress', 'Created', false],
    ['On Hold', 'On Hold', false],
  ] as [CaseStatus, CaseStatus, boolean][])('%s → %s allowed: %s', (from, to, allowed) =>
    expect(canMoveCase(from, to)).toBe(allowed));

  it('lets the company delete only while the case is Created', () => {
    expect(CASE_STATUSES.filter(canDeleteInCase)).toEqual(['Created']);
  });

  it('formats and parses case numbers', () => {
    expect(formatCaseNumber(42)).toBe('C-000042');
    for (const text of ['C-000042', 'c42', '42', ' C-42 ']) expect(parseCaseNumber(text)).toBe(42);
    expect(parseCaseNumber('invoice 42')).toBeNull();
  });

  it('needs type and subject for a new message, only text for a reply', () => {
    expect(newMessageSchema.safeParse({ text: 'x' }).success).toBe(false);
    expect(newMessageSchema.safeParse({ text: 'x', subject: 's', type: 'gossip' }).success).toBe(false);
    expect(newMessageSchema.safeParse({ text: 'x', subject: 's', type: 'payments' }).success).toBe(true);
    expect(
      newMessageSchema.safeParse({ text: 'x', root_uuid: '3f2b8c1e-2a4d-4c5e-9f10-1234567890ab' }).success,
    ).toBe(true);
    expect(newMessageSchema.safeParse({ text: '  ', subject: 's', type: 'payments' }).success).toBe(false);
  });
});
