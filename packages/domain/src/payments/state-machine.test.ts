import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, type PaymentStatus } from '../enums/payments.ts';
import { availableActions, canTransition, FINAL_PAYMENT_STATUSES, HELD_STATUSES } from './state-machine.ts';

/** Where a payment can go next, and where it can come from, as the machine answers. */
const next = (from: PaymentStatus) => PAYMENT_STATUSES.filter((to) => canTransition(from, to));
const previous = (to: PaymentStatus) => PAYMENT_STATUSES.filter((from) => canTransition(from, to));

/** Every status reachable from `start` by one or more transitions. */
function reachable(start: PaymentStatus): Set<PaymentStatus> {
  const seen = new Set<PaymentStatus>();
  const queue = next(start);
  for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
    if (seen.has(s)) continue;
    seen.add(s);
    queue.push(...next(s));
  }
  return seen;
}

/**
 * The allowed transitions written out again by hand (house style: a state machine is tested with a
 * table of allowed and forbidden transitions), so a change to the machine must be made twice, on
 * purpose; the rules below say why the table looks the way it does.
 */
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

describe('payment state machine: every pair of statuses, allowed or forbidden', () => {
  const pairs = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(ALLOWED[from].includes(to));
  });
});

describe('payment state machine (spec §4 lifecycle)', () => {
  it('final statuses are exactly those nothing leaves', () => {
    expect([...FINAL_PAYMENT_STATUSES].sort()).toEqual([
      'canceled',
      'declined',
      'expired',
      'rejected',
      'returned',
    ]);
    for (const s of FINAL_PAYMENT_STATUSES) expect(next(s)).toEqual([]);
  });

  it('statuses only move forward: no status can come back to itself', () => {
    for (const s of PAYMENT_STATUSES) expect(reachable(s).has(s)).toBe(false);
  });

  it('every payment starts as initializing (inbound) or created (outbound) and can still end', () => {
    const fromStart = new Set([...reachable('initializing'), ...reachable('created')]);
    for (const s of PAYMENT_STATUSES) {
      if (s !== 'initializing') expect(fromStart.has(s)).toBe(true);
      if (!FINAL_PAYMENT_STATUSES.includes(s))
        expect(FINAL_PAYMENT_STATUSES.some((f) => reachable(s).has(f))).toBe(true);
    }
    expect(previous('initializing')).toEqual([]);
    expect(previous('created')).toEqual(['initializing']);
  });

  it('an unapproved outbound payment never reaches the rail: it is approved, canceled, expires or is rejected', () => {
    expect(next('created')).toEqual(['pending', 'expired', 'canceled', 'rejected']);
  });

  it('an announced inbound payment may be booked at once or go through the rail steps', () => {
    expect(next('initializing')).toEqual(['created', 'pending', 'settled', 'declined', 'rejected']);
  });

  it('held money ends settled or released: held statuses lead only to other held ones, settlement or a refusal', () => {
    const allowed = new Set<PaymentStatus>([...HELD_STATUSES, 'settled', 'declined', 'rejected', 'canceled']);
    for (const s of HELD_STATUSES) {
      expect(next(s).every((to) => allowed.has(to))).toBe(true);
      expect(next(s)).toContain('settled');
      expect(next(s)).toContain('declined');
    }
    // The rail may authorize first and capture later, or capture at once.
    expect(next('pending')).toEqual(expect.arrayContaining(['authorized', 'captured']));
    expect(next('authorized')).toContain('captured');
  });

  it('the provider rejects before the rail accepts; the rail declines only what it was handed', () => {
    expect(previous('rejected')).toEqual(['initializing', 'created', 'pending']);
    expect(previous('declined')).toEqual(['initializing', 'pending', 'captured', 'authorized']);
  });

  it('a user can cancel only before the rail took the funds', () => {
    expect(previous('canceled')).toEqual(['created', 'pending', 'authorized']);
  });

  it('only a settled payment can be returned, and a return is all that can follow settlement', () => {
    expect(previous('returned')).toEqual(['settled']);
    expect(next('settled')).toEqual(['returned']);
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
