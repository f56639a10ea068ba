import { createRequire } from 'node:module';
import {
  BECS_BANKS_REFERENCE,
  CASE_STATUSES,
  CORPORATE_DOCUMENT_TYPES,
  CURRENCIES,
  type CurrencyCode,
  DOCUMENT_TYPES,
  MESSAGE_PRIORITIES,
  POSTBACK_TYPES,
  VA_CLOSURE_REASONS,
} from '@portal/domain';
import { BECS_BANK_PREFIXES } from './becs-banks.ts';

const require = createRequire(import.meta.url);

interface IsoCountries {
  registerLocale(data: unknown): void;
  getNames(lang: string, opts?: { select: 'official' }): Record<string, string>;
}
interface CurrencyCodes {
  code(code: string): { code: string; number: string; digits: number; currency: string } | undefined;
  codes(): string[];
}

/** One reference list: its code, numeric id and values in display order. */
export interface ReferenceList {
  code: string;
  referenceId: number;
  values: { value: string; description: string }[];
}

/** Crypto assets are not in ISO 4217; their names come from here, exponents from the domain. */
const CRYPTO_NAMES: Record<string, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ether',
  USDT: 'Tether USD',
  USDC: 'USD Coin',
};

export interface CurrencyRecord {
  code: string;
  numeric: string;
  name: string;
  exponent: number;
  kind: 'fiat' | 'crypto';
}

/**
 * The currencies the provider handles (the domain's list), described by ISO 4217 from the
 * `currency-codes` package; exponents always come from the domain, the one source for money.
 */
export function currencyRecords(): CurrencyRecord[] {
  const iso = require('currency-codes') as CurrencyCodes;
  return (Object.keys(CURRENCIES) as CurrencyCode[]).map((code) => {
    const def = CURRENCIES[code];
    const row = iso.code(code);
    return {
      code,
      numeric: row?.number ?? '',
      name: row?.currency ?? CRYPTO_NAMES[code] ?? code,
      exponent: def.exponent,
      kind: def.kind === 'crypto' ? 'crypto' : 'fiat',
    };
  });
}

function countries(): { value: string; description: string }[] {
  const iso = require('i18n-iso-countries') as IsoCountries;
  iso.registerLocale(require('i18n-iso-countries/langs/en.json'));
  return Object.entries(iso.getNames('en', { select: 'official' }))
    .map(([value, description]) => ({ value, description }))
    .sort((a, b) => a.description.localeCompare(b.description, 'en'));
}

const fromList = (list: readonly string[]) => list.map((value) => ({ value, description: value }));

/**
 * Every reference list the API serves. Reference ids are fixed: a browser or an integration may
 * ask by id (`values_by_ref_id`) as the spec's numeric branch does.
 */
export function referenceLists(): ReferenceList[] {
  return [
    { code: 'countries', referenceId: 1, values: countries() },
    {
      code: 'currencies',
      referenceId: 2,
      values: currencyRecords().map((c) => ({ value: c.code, description: c.name })),
    },
    { code: 'document_types', referenceId: 3, values: fromList(DOCUMENT_TYPES) },
    { code: 'corporate_document_types', referenceId: 4, values: fromList(CORPORATE_DOCUMENT_TYPES) },
    { code: 'case_statuses', referenceId: 5, values: fromList(CASE_STATUSES) },
    { code: 'message_priorities', referenceId: 6, values: fromList(MESSAGE_PRIORITIES) },
    {
      code: 'va_closure_reasons',
      referenceId: 7,
      values: Object.entries(VA_CLOSURE_REASONS).map(([value, description]) => ({ value, description })),
    },
    { code: 'postback_types', referenceId: 8, values: fromList(POSTBACK_TYPES) },
    {
      code: BECS_BANKS_REFERENCE,
      referenceId: 9,
      values: BECS_BANK_PREFIXES.map((b) => ({ value: b.prefix, description: b.bank })),
    },
  ];
}
