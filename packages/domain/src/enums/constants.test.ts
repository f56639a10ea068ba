import { describe, expect, it } from 'vitest';
import {
  CHAPS_INTERNATIONAL_FEE_MINOR,
  INTERNAL_IBAN_PREFIXES,
  MICRO_ENTERPRISE,
  NOTIFICATION_CHECK_INTERVAL_MS,
  OUTBOUND_NOTIFICATION_FIRST_DELAY_MS,
  PASSWORD_RESET_WINDOW_MS,
  POSTBACK_MAX_ATTEMPTS,
  POSTBACK_RETRY_WINDOW_MS,
  postbackRetryDelayMs,
  TOKEN_EXPIRY_TTL_MS,
  TOKEN_TTL_MS,
} from './constants.ts';

describe('business constants', () => {
  it('keeps the §9 numbers', () => {
    expect(TOKEN_TTL_MS).toBe(830_000);
    expect(TOKEN_EXPIRY_TTL_MS).toBe(889_000);
    expect(NOTIFICATION_CHECK_INTERVAL_MS).toBe(300_000);
    expect(OUTBOUND_NOTIFICATION_FIRST_DELAY_MS).toBe(3_000);
    expect(PASSWORD_RESET_WINDOW_MS).toBe(900_000);
    expect(CHAPS_INTERNATIONAL_FEE_MINOR).toBe(3500n);
    expect(MICRO_ENTERPRISE.maxTurnoverOrBalanceEurMinor).toBe(2_000_000_00n);
    expect(INTERNAL_IBAN_PREFIXES).toEqual({ GB: ['009971', '041307', '041308'], LT: ['39500', '39501'] });
  });

  it('first retries after 30 minutes, then with growing pauses', () => {
    expect(postbackRetryDelayMs(1, 0)).toBe(30 * 60_000);
    const second = postbackRetryDelayMs(2, 30 * 60_000);
    expect(second).toBeGreaterThan(30 * 60_000);
  });

  it('stops at 50 attempts, all within 7 days', () => {
    let elapsed = 0;
    let attempts = 1;
    for (;;) {
      const delay = postbackRetryDelayMs(attempts, elapsed);
      if (delay === null) break;
      elapsed += delay;
      attempts += 1;
    }
    expect(attempts).toBe(POSTBACK_MAX_ATTEMPTS);
    expect(elapsed).toBeLessThanOrEqual(POSTBACK_RETRY_WINDOW_MS);
  });

  it('gives no retry past the 7-day window or for a bad attempt number', () => {
    expect(postbackRetryDelayMs(3, POSTBACK_RETRY_WINDOW_MS)).toBeNull();
    expect(postbackRetryDelayMs(0, 0)).toBeNull();
    expect(postbackRetryDelayMs(1.5, 0)).toBeNull();
  });
});
