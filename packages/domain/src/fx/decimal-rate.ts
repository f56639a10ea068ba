/**
 * Exchange rates as exact decimals (no floats anywhere). A rate is carried as a decimal string
 * ('1.1734567890', '0.00000006671234567') and, for arithmetic, as a scaled integer
 * `{ units, scale }` meaning units / 10^scale.
 *
 * Precision rule: a rate keeps at least {@link RATE_MIN_DECIMALS} decimal places and at least
 * {@link RATE_SIGNIFICANT_DIGITS} significant digits, so JPY→BTC (≈ 0.0000000667) is as precise
 * as EUR→GBP (≈ 0.85). Rounding a computed rate is half-up; rounding of money is separate (see
 * conversion.ts: always in the client's favour).
 */
export const RATE_MIN_DECIMALS = 10;
export const RATE_SIGNIFICANT_DIGITS = 10;

export interface ScaledRate {
  /** The digits of the rate without the point. Always > 0. */
  readonly units: bigint;
  /** Digits after the decimal point. */
  readonly scale: number;
}

const RATE_TEXT = /^(\d+)(?:\.(\d+))?$/;

/** True for a positive plain decimal string ('1.2345'); rejects signs, exponents, zero. */
export function isRateText(text: string): boolean {
  const match = RATE_TEXT.exec(text);
  if (match === null) return false;
  return BigInt((match[1] ?? '0') + (match[2] ?? '')) > 0n;
}

/** '1.2345' → { units: 12345n, scale: 4 }. Throws on anything but a positive plain decimal. */
export function parseRate(text: string): ScaledRate {
  const match = RATE_TEXT.exec(text);
  if (match === null) throw new Error(`not a rate: ${JSON.stringify(text)}`);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  const units = BigInt(whole + fraction);
  if (units <= 0n) throw new Error(`rate must be positive: ${JSON.stringify(text)}`);
  return { units, scale: fraction.length };
}

/** { units, scale } → decimal string with exactly `scale` fraction digits. */
export function formatScaled(units: bigint, scale: number): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  if (scale === 0) return sign + digits;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Integer division rounding half away from zero (both operands positive here). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  const q = numerator / denominator;
  const r = numerator % denominator;
  return r * 2n >= denominator ? q + 1n : q;
}

export function divCeil(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  const q = numerator / denominator;
  return numerator % denominator === 0n ? q : q + 1n;
}

/**
 * numerator / denominator (both positive) as a rate string under the precision rule: at least
 * 10 decimals and 10 significant digits, the last digit rounded half-up.
 */
export function rateFromRatio(numerator: bigint, denominator: bigint): string {
  if (numerator <= 0n || denominator <= 0n) throw new Error('ratio must be positive');
  // Leading zeros after the point = how many powers of ten the ratio is below 1.
  let leadingZeros = 0;
  if (numerator < denominator) {
    while (numerator * pow10(leadingZeros + 1) < denominator) leadingZeros++;
  }
  const scale = Math.max(RATE_MIN_DECIMALS, leadingZeros + RATE_SIGNIFICANT_DIGITS);
  const units = divRoundHalfUp(numerator * pow10(scale), denominator);
  return formatScaled(units, scale);
}

/** 1 / rate under the same precision rule. */
export function invertRate(rate: string): string {
  const r = parseRate(rate);
  return rateFromRatio(pow10(r.scale), r.units);
}

/** a × b under the precision rule (used to apply a spread factor). */
export function multiplyRates(a: string, b: string): string {
  const x = parseRate(a);
  const y = parseRate(b);
  return rateFromRatio(x.units * y.units, pow10(x.scale + y.scale));
}

/** Compare two rate strings numerically: -1, 0, 1. */
export function compareRates(a: string, b: string): number {
  const x = parseRate(a);
  const y = parseRate(b);
  const left = x.units * pow10(y.scale);
  const right = y.units * pow10(x.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}
