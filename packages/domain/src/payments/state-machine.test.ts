import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, type PaymentStatus } from '../enums/payments.ts';
import { availableActions, canTransition, FINAL_PAYMENT_STATUSES } from './state-machine.ts';

/** The allowed transitions, written out again by hand: the table below must match the machine. */
const ALLOWED: Record<PaymentStatus, PaymentStatus[]> = {
  initializing: ['created', 'pending', 'settled', 'declined', 'rejected'],
  created: ['pending', 'canceled', 'expired', 'rejected'],
  pending: ['authorized', 'captured', 'settled', 'declined', 'rejected', 'canceled'],
  authorized: ['captured', 'settled', 'declined', 'canceled'],
  captured: ['settled', 'declined'],
  settled: ['returned'],
  declined: [],
  canceled: [],
  expired: [],
  rejected: [],
  returned: [],
};

const pairs = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.map((to) => [from, to] as const));

describe('payment state machine: every pair of statuses', () => {
  it.each(pairs)('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(ALLOWED[from].includes(to));
  });

  it('final statuses are exactly those nothing leaves', () => {
    expect([...FINAL_PAYMENT_STATUSES].sort()).toEqual([
      'canceled',
      'declined',
      'expired',
      'rejected',
      'returned',
    ]);
  });

  it('no status goes back to created or initializing once money moved', () => {
    for (const from of ['pending', 'settled', 'authorized', 'captured'] as const) {
      expect(canTransition(from, 'created')).toBe(false);
      expect(canTransition(from, 'initializing')).toBe(false);
    }
  });
});

describe('available actions', () => {
  const base = { hasRefund: false, hasRecall: false, hasDispute: false };
  it.each([
    ['outbound', 'created', ['approve', 'cancel']],
    ['outbound', 'pending', ['cancel']],
    ['outbound', 'settled', ['recall', 'dispute']],
    ['outbound', 'declined', []],
    ['inbound', 'settled', ['refund', 'dispute']],
    ['inbound', 'pending', []],
  ] as const)('%s %s → %j', (direction, status, actions) => {
    expect(availableActions({ ...base, direction, status })).toEqual(actions);
  });
  it('refund, recall and dispute are offered once', () => {
    expect(
      availableActions({
        direction: 'inbound',
        status: 'settled',
        hasRefund: true,
        hasRecall: false,
        hasDispute: true,
      }),
    ).toEqual([]);
    expect(
      availableActions({
        direction: 'outbound',
        status: 'settled',
        hasRefund: false,
        hasRecall: true,
        hasDispute: false,
      }),
    ).toEqual(['dispute']);
  });
});
