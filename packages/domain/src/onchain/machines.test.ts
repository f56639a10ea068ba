import { describe, expect, it } from 'vitest';
import {
  canMoveTransfer,
  DEAL_STATUSES,
  type DealAction,
  type DealStatus,
  FINAL_DEAL_STATUSES,
  nextDealStatus,
  TRANSFER_STATUSES,
} from './machines.ts';
import { checkEscrowTtl, checkOnchainAmount, convertAtRate } from './rules.ts';

describe('the escrow deal state machine', () => {
  const amounts = { expected: 4_000n, settled: 4_000n };
  it.each<[DealStatus, DealAction, { expected: bigint; settled: bigint } | undefined, DealStatus | null]>([
    ['awaiting', 'deposit', amounts, 'funded'],
    ['awaiting', 'deposit', { expected: 4_000n, settled: 3_999n }, 'underpaid'],
    ['awaiting', 'deposit', { expected: 4_000n, settled: 4_001n }, 'overpaid'],
    ['awaiting', 'deposit', undefined, null],
    ['awaiting', 'expire', undefined, 'expired'],
    ['awaiting', 'decline', undefined, 'declined'],
    ['awaiting', 'confirm', undefined, null],
    ['funded', 'confirm', undefined, 'confirmed'],
    ['funded', 'decline', undefined, 'declined'],
    ['funded', 'expire', undefined, null],
    ['funded', 'deposit', amounts, null],
    ['underpaid', 'confirm', undefined, 'confirmed'],
    ['overpaid', 'decline', undefined, 'declined'],
    ['confirmed', 'decline', undefined, null],
    ['declined', 'confirm', undefined, null],
    ['expired', 'deposit', amounts, null],
    ['expired', 'confirm', undefined, null],
  ])('%s --%s--> %s', (from, action, a, to) => {
    expect(nextDealStatus(from, action, a)).toBe(to);
  });

  it('final statuses are confirmed, declined, expired', () => {
    expect(FINAL_DEAL_STATUSES).toEqual(['confirmed', 'declined', 'expired']);
    expect(DEAL_STATUSES).toHaveLength(7);
  });
});

describe('the transfer state machine', () => {
  it('never leaves a final status and never skips broadcast', () => {
    for (const to of TRANSFER_STATUSES) {
      expect(canMoveTransfer('settled', to)).toBe(false);
      expect(canMoveTransfer('canceled', to)).toBe(false);
    }
    expect(canMoveTransfer('queued', 'settled')).toBe(false);
    expect(canMoveTransfer('created', 'settled')).toBe(false);
    expect(canMoveTransfer('pending', 'settled')).toBe(true);
  });
});

describe('escrow and transfer inputs', () => {
  it.each([
    ['0.00004', 'BTC', { ok: true, value: 4_000n }],
    ['0', 'BTC', { ok: false, code: 'ONCHAIN_AMOUNT_ZERO' }],
    ['0.000000000', 'BTC', { ok: false, code: 'ONCHAIN_AMOUNT_DECIMALS' }],
    ['0.000000001', 'BTC', { ok: false, code: 'ONCHAIN_AMOUNT_DECIMALS' }],
    ['1.0000001', 'USDT', { ok: false, code: 'ONCHAIN_AMOUNT_DECIMALS' }],
    ['0.000000000000000001', 'ETH', { ok: true, value: 1n }],
    ['1e-5', 'BTC', { ok: false, code: 'ONCHAIN_AMOUNT_INVALID' }],
    ['-1', 'BTC', { ok: false, code: 'ONCHAIN_AMOUNT_INVALID' }],
    ['', 'BTC', { ok: false, code: 'ONCHAIN_AMOUNT_REQUIRED' }],
  ] as const)('%s %s', (text, currency, expected) => {
    const r = checkOnchainAmount(text, currency, 'amount');
    if (expected.ok) expect(r).toEqual({ ok: true, value: expected.value });
    else expect(r.ok === false && r.issue.code).toBe(expected.code);
  });

  it.each([
    [0, false],
    [1, true],
    [24, true],
    [25, false],
    [1.5, false],
  ])('TTL %s hours valid: %s', (hours, ok) => {
    expect(checkEscrowTtl(hours).ok).toBe(ok);
  });

  it('converts fiat and coin exactly, rounding down', () => {
    // 100.00 USD at 1.0002 USD per USDT = 99.980003 USDT (down)
    expect(convertAtRate(10_000n, 'fiat', '1.0002', 2, 6)).toBe(99_980_003n);
    // 0.5 BTC at 65000 = 32500.00 USD
    expect(convertAtRate(50_000_000n, 'coin', '65000', 2, 8)).toBe(3_250_000n);
  });
});
