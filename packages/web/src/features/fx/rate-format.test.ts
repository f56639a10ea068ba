import { describe, expect, it } from 'vitest';
import { formatRate } from './rate-format.ts';

describe('formatRate', () => {
  it('shows four decimals from 1 and six significant digits below', () => {
    expect(formatRate('1.1734567890')).toBe('1.1734');
    expect(formatRate('0.8534123456')).toBe('0.853412');
    expect(formatRate('0.00000006666666667')).toBe('0.0000000666666');
    expect(formatRate('15000000')).toBe('15000000');
  });
});
