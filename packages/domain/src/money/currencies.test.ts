import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  compareCurrencies,
  currencyExponent,
  isCurrencyCode,
  sortCurrencies,
} from './currencies.ts';

describe('currency table', () => {
  it.each([
    ['EUR', 2],
    ['GBP', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['BTC', 8],
    ['ETH', 18],
    ['USDT', 6],
    ['USDC', 6],
  ] as const)('%s has exponent %i', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
  });

  it('marks crypto tickers', () => {
    expect(CURRENCIES.BTC.kind).toBe('crypto');
    expect(CURRENCIES.UAH.kind).toBe('fiat');
  });

  it('narrows only exact known codes', () => {
    expect(isCurrencyCode('MDL')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
  });
});

describe('currency order (spec §9)', () => {
  it('puts EUR, GBP, USD, RUB first, then alphabetical', () => {
    expect(sortCurrencies(['PLN', 'USD', 'AUD', 'RUB', 'GBP', 'CHF', 'EUR', 'BTC'])).toEqual([
      'EUR',
      'GBP',
      'USD',
      'RUB',
      'AUD',
      'BTC',
      'CHF',
      'PLN',
    ]);
  });

  it('sorts codes unknown to the table alphabetically among the rest', () => {
    expect(sortCurrencies(['XAU', 'RUB', 'AAA'])).toEqual(['RUB', 'AAA', 'XAU']);
    expect(compareCurrencies('GBP', 'GBP')).toBe(0);
  });

  it('does not touch the input', () => {
    const input = ['USD', 'EUR'] as const;
    sortCurrencies(input);
    expect(input).toEqual(['USD', 'EUR']);
  });
});
