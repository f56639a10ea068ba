import { describe, expect, it } from 'vitest';
import { onchainWindow } from './window.ts';

/**
 * Europe/London in 2026: BST starts Sunday 29 March at 01:00 UTC and ends Sunday 25 October at
 * 01:00 UTC, so the 06:00-12:00 UK window is 06:00-12:00 UTC in winter and 05:00-11:00 UTC in summer.
 */
describe('the 06:00-12:00 UK on-chain window across both daylight-saving changes', () => {
  it.each([
    // the Saturday before spring-forward: GMT
    ['2026-03-28T05:59:59Z', false, '2026-03-28T06:00:00.000Z', '2026-03-28T12:30:00.000Z'],
    ['2026-03-28T06:00:00Z', true, '2026-03-28T06:00:00.000Z', '2026-03-28T12:30:00.000Z'],
    ['2026-03-28T11:59:59Z', true, '2026-03-28T11:59:59.000Z', '2026-03-28T12:30:00.000Z'],
    // 12:00 GMT closes; the next window opens on Sunday, already in BST: 06:00 BST = 05:00 UTC
    ['2026-03-28T12:00:00Z', false, '2026-03-29T05:00:00.000Z', '2026-03-29T11:30:00.000Z'],
    // spring-forward day itself (01:00 UTC → 02:00 BST)
    ['2026-03-29T01:30:00Z', false, '2026-03-29T05:00:00.000Z', '2026-03-29T11:30:00.000Z'],
    ['2026-03-29T04:59:59Z', false, '2026-03-29T05:00:00.000Z', '2026-03-29T11:30:00.000Z'],
    ['2026-03-29T05:00:00Z', true, '2026-03-29T05:00:00.000Z', '2026-03-29T11:30:00.000Z'],
    ['2026-03-29T10:59:59Z', true, '2026-03-29T10:59:59.000Z', '2026-03-29T11:30:00.000Z'],
    ['2026-03-29T11:00:00Z', false, '2026-03-30T05:00:00.000Z', '2026-03-30T11:30:00.000Z'],
    // summer
    ['2026-07-15T05:30:00Z', true, '2026-07-15T05:30:00.000Z', '2026-07-15T11:30:00.000Z'],
    ['2026-07-15T11:30:00Z', false, '2026-07-16T05:00:00.000Z', '2026-07-16T11:30:00.000Z'],
    // the Saturday before fall-back: BST; the next window (Sunday) is in GMT again
    ['2026-10-24T11:00:00Z', false, '2026-10-25T06:00:00.000Z', '2026-10-25T12:30:00.000Z'],
    // fall-back day (02:00 BST → 01:00 GMT, 01:00-02:00 local happens twice)
    ['2026-10-25T00:30:00Z', false, '2026-10-25T06:00:00.000Z', '2026-10-25T12:30:00.000Z'],
    ['2026-10-25T05:00:00Z', false, '2026-10-25T06:00:00.000Z', '2026-10-25T12:30:00.000Z'],
    ['2026-10-25T05:59:59Z', false, '2026-10-25T06:00:00.000Z', '2026-10-25T12:30:00.000Z'],
    ['2026-10-25T06:00:00Z', true, '2026-10-25T06:00:00.000Z', '2026-10-25T12:30:00.000Z'],
    ['2026-10-25T11:59:00Z', true, '2026-10-25T11:59:00.000Z', '2026-10-25T12:30:00.000Z'],
    ['2026-10-25T12:00:00Z', false, '2026-10-26T06:00:00.000Z', '2026-10-26T12:30:00.000Z'],
    // year end
    ['2026-12-31T23:00:00Z', false, '2027-01-01T06:00:00.000Z', '2027-01-01T12:30:00.000Z'],
  ])('%s: open %s, sent at %s, USD cancelled at %s', (now, open, sendAt, cancelAt) => {
    const w = onchainWindow(new Date(now));
    expect(w.open).toBe(open);
    expect(w.sendAt.toISOString()).toBe(sendAt);
    expect(w.usdCancelAt.toISOString()).toBe(cancelAt);
  });

  it('closes at 12:00 UK of the day it sends', () => {
    expect(onchainWindow(new Date('2026-07-15T05:30:00Z')).closesAt.toISOString()).toBe(
      '2026-07-15T11:00:00.000Z',
    );
    expect(onchainWindow(new Date('2026-01-15T13:00:00Z')).closesAt.toISOString()).toBe(
      '2026-01-16T12:00:00.000Z',
    );
  });
});
