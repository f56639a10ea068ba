import { CURRENCIES, currencyExponent, formatMoney, isCurrencyCode } from '@portal/domain';
import { money } from '../../wallets/money.ts';

/** Statements are English documents (docs/decisions.md, issue 19). */
const LOCALE = 'en-GB';
const PLACEHOLDER = '\u0000';

interface AmountFormat {
  scale: bigint;
  exponent: number;
  minDigits: number;
  decimal: string;
  group: string;
  /** Text before and after the number of a positive / negative amount. */
  positive: readonly [string, string];
  negative: readonly [string, string];
  suffix: string;
}

const formats = new Map<string, AmountFormat | null>();

function around(parts: Intl.NumberFormatPart[]): [string, string] {
  const [before = '', after = ''] = parts
    .map((p) => (p.type === 'integer' ? PLACEHOLDER : p.value))
    .join('')
    .split(PLACEHOLDER);
  return [before, after];
}

/**
 * The pieces `formatMoney` puts together on every call (three `Intl.NumberFormat`s each, about
 * 150 µs: 30 s for a 100,000-line PDF), taken once per currency. Null when the locale groups
 * digits other than by threes, which `group3` could not reproduce.
 */
function formatOf(currency: string): AmountFormat | null {
  if (formats.has(currency)) return formats.get(currency) ?? null;
  let f: AmountFormat | null = null;
  if (isCurrencyCode(currency)) {
    const exponent = currencyExponent(currency);
    const isCrypto = CURRENCIES[currency].kind === 'crypto';
    const integers = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
    const decimal = new Intl.NumberFormat(LOCALE).formatToParts(1.5).find((p) => p.type === 'decimal');
    const group = integers.formatToParts(1234n).find((p) => p.type === 'group')?.value ?? '';
    const pattern = (v: bigint) =>
      isCrypto
        ? integers.formatToParts(v)
        : new Intl.NumberFormat(LOCALE, {
            style: 'currency',
            currency,
            maximumFractionDigits: 0,
            minimumFractionDigits: 0,
          }).formatToParts(v);
    f = {
      scale: 10n ** BigInt(exponent),
      exponent,
      minDigits: Math.min(exponent, isCrypto ? 2 : exponent),
      decimal: decimal?.value ?? '.',
      group,
      positive: around(pattern(1n)),
      negative: around(pattern(-1n)),
      suffix: isCrypto ? ` ${currency}` : '',
    };
    const probe = 123456789012345678901234567890n;
    const expected = integers
      .formatToParts(probe)
      .filter((p) => p.type === 'integer' || p.type === 'group')
      .map((p) => p.value)
      .join('');
    if (group3(probe.toString(), group) !== expected) f = null;
  }
  formats.set(currency, f);
  return f;
}

function group3(digits: string, sep: string): string {
  if (digits.length <= 3 || sep === '') return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += sep + digits.slice(i, i + 3);
  return out;
}

/**
 * Money as the statement shows it: the locale's grouping and the currency's exponent, exactly —
 * the same text as the domain's `formatMoney(minor, currency, 'en-GB')` (as in the browser), from
 * pieces computed once per currency. A currency the domain does not know is refused, as by `money`.
 */
export function statementAmount(minor: bigint, currency: string): string {
  const f = formatOf(currency);
  if (!f) {
    return isCurrencyCode(currency)
      ? formatMoney(minor, currency, LOCALE)
      : `${money(minor, currency)} ${currency}`;
  }
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const whole = group3((magnitude / f.scale).toString(), f.group);
  let fraction = f.exponent ? (magnitude % f.scale).toString().padStart(f.exponent, '0') : '';
  if (fraction.length > f.minDigits) {
    let end = fraction.length;
    while (end > f.minDigits && fraction.charCodeAt(end - 1) === 48) end--;
    fraction = fraction.slice(0, end);
  }
  const [before, after] = negative ? f.negative : f.positive;
  return `${before}${fraction === '' ? whole : `${whole}${f.decimal}${fraction}`}${after}${f.suffix}`;
}
