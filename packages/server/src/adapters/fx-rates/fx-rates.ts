import { CURRENCIES, type CurrencyCode, isCurrencyCode, rateFromRatio } from '@portal/domain';
import { DomainError } from '../../http/errors.ts';

/**
 * The liquidity provider behind FX (design §8: external systems behind an interface). `midRate`
 * answers the mid-market price of one unit of `base` in `quote` at instant `at`, as an exact
 * decimal string (at least 10 decimals and 10 significant digits, see @portal/domain fx
 * decimal-rate.ts). While the provider is down it throws the spec §8 424 error
 * (PROCESSING_UNAVAILABLE) and nothing is written by the caller.
 */
export interface FxRates {
  midRate(base: string, quote: string, at: Date): Promise<string>;
}

export interface FxRatesSimulatorOptions {
  /** Start with the provider down (tests). */
  outage?: boolean;
  /** Seconds one price stays still; the rate moves between buckets. Default 5. */
  tickSeconds?: number;
}

/**
 * Reference value of one unit in USD, exact decimal text. Every currency of the domain table is
 * here (a test enforces it), fiat and crypto alike, so any pair a company's wallets make has a rate.
 */
const USD_VALUE: Record<CurrencyCode, string> = {
  EUR: '1.0850',
  GBP: '1.2710',
  USD: '1',
  RUB: '0.01090',
  AED: '0.27230',
  AUD: '0.6550',
  BGN: '0.5548',
  BHD: '2.6525',
  CAD: '0.7350',
  CHF: '1.1300',
  CNY: '0.13800',
  CZK: '0.04320',
  DKK: '0.14550',
  GEL: '0.37000',
  HKD: '0.12850',
  HUF: '0.002750',
  ILS: '0.27000',
  JPY: '0.006700',
  KWD: '3.2500',
  KZT: '0.002050',
  MDL: '0.05600',
  MXN: '0.05800',
  NOK: '0.09200',
  NZD: '0.5950',
  PLN: '0.25100',
  RON: '0.21800',
  SEK: '0.09500',
  SGD: '0.7450',
  TRY: '0.02900',
  UAH: '0.02400',
  ZAR: '0.05500',
  BTC: '65000',
  ETH: '3200',
  USDT: '1.0002',
  USDC: '0.9999',
};

/** Swing of the simulated market around the reference value, in parts per million. */
function amplitudePpm(code: CurrencyCode): bigint {
  if (code === 'USD') return 0n; // the numeraire stays put; pairs against it still move
  if (code === 'USDT' || code === 'USDC') return 300n;
  return CURRENCIES[code].kind === 'crypto' ? 25_000n : 4_000n;
}

const SCALE = 12; // fixed-point digits of the USD values inside the simulator
const PPM = 1_000_000n;

function toScaled(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(SCALE, '0').slice(0, SCALE));
}

/** Small deterministic integer hash (32-bit), so jitter is a function of (currency, tick) only. */
function hash32(a: number, b: number): number {
  let h = (a * 0x9e3779b1) ^ (b + 0x7f4a7c15);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Triangle wave in [-1_000_000, 1_000_000] ppm, integer maths only. */
function triangle(tick: bigint, period: bigint, phase: bigint): bigint {
  const p = (((tick + phase) % period) + period) % period; // 0..period-1
  const half = period / 2n;
  const up = p < half ? p : period - p; // 0..half
  return (up * 2n * PPM) / half - PPM;
}

/**
 * A deterministic market: the value of each currency at `at` is its reference value times
 * (1 + drift), where drift = slow triangle wave (hours) + fast wave (minutes) + per-tick jitter,
 * all integer arithmetic on the clock. Same instant → same rate, in every process.
 */
export function createFxRatesSimulator(
  opts: FxRatesSimulatorOptions = {},
): FxRates & { setOutage(on: boolean): void; isDown(): boolean } {
  let outage = opts.outage ?? false;
  const tickMs = BigInt(Math.max(1, Math.round((opts.tickSeconds ?? 5) * 1000)));
  const codes = Object.keys(CURRENCIES);

  function valueAt(code: CurrencyCode, at: Date): bigint {
    const tick = BigInt(Math.floor(at.getTime())) / tickMs;
    const index = codes.indexOf(code);
    const amp = amplitudePpm(code);
    const slow = triangle(tick, 2_160n + BigInt(index) * 37n, BigInt(index) * 97n); // ~3 h at 5 s ticks
    const fast = triangle(tick, 60n + BigInt(index % 7) * 11n, BigInt(index) * 13n); // ~5 min
    const jitter = BigInt(hash32(index + 1, Number(tick % 4_294_967_296n)) % 2001) - 1000n; // ±1000 ppm of amp
    const drift = (amp * (slow * 6n + fast * 3n + jitter * 1000n)) / (10n * PPM); // |drift| ≤ amp
    return (toScaled(USD_VALUE[code]) * (PPM + drift)) / PPM;
  }

  return {
    async midRate(base, quote, at) {
      if (outage) throw new DomainError('PROCESSING_UNAVAILABLE');
      if (!isCurrencyCode(base) || !isCurrencyCode(quote))
        throw new Error(`fx-rates: unknown currency ${base}/${quote}`);
      if (base === quote) return '1.0000000000';
      return rateFromRatio(valueAt(base, at), valueAt(quote, at));
    },
    setOutage(on) {
      outage = on;
    },
    isDown() {
      return outage;
    },
  };
}
