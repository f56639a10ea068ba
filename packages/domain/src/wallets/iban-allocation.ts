import { INTERNAL_IBAN_PREFIXES } from '../enums/constants.ts';
import { isInternalIban, normalizeIban } from '../formats/iban.ts';
import { PROVIDER_ENTITIES, type PlatformLabel, type ProviderEntity } from '../platform/platform.ts';

/** Letters → digits (A=10 … Z=35) and mod 97 over the long digit string, 7 digits at a time. */
function mod97(text: string): number {
  const digits = text.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** ISO 13616 check digits of a BBAN in a country. */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(`${bban}${country}00`)).padStart(2, '0');
}

/** Bank code letters of the provider's GB IBANs (GB BBAN: 4 letters, 6-digit sort code, 8-digit account). */
export const PROVIDER_GB_BANK_CODE = 'CLRL';

export type ProviderIbanCountry = 'GB' | 'LT';

/**
 * Which internal prefix a platform's IBANs use (spec §9 lists three GB sort codes and two LT bank
 * codes; docs/decisions.md says which platform gets which).
 */
export const PLATFORM_IBAN_PREFIX = {
  UK: { GB: '041307', LT: '39500' },
  CA: { GB: '041308', LT: '39500' },
  PL: { GB: '009971', LT: '39500' },
  CJD: { GB: '009971', LT: '39501' },
} as const satisfies Record<PlatformLabel, { GB: string; LT: string }>;

/**
 * An IBAN of the provider from an account serial number: GB 22 characters
 * (`GB kk CLRL ssssss nnnnnnnn`), LT 20 (`LT kk bbbbb nnnnnnnnnnn`), valid mod-97 check digits.
 */
export function providerIban(country: ProviderIbanCountry, prefix: string, serial: number | bigint): string {
  const gbPrefixes: readonly string[] = INTERNAL_IBAN_PREFIXES.GB;
  const ltPrefixes: readonly string[] = INTERNAL_IBAN_PREFIXES.LT;
  if (country === 'GB' && !gbPrefixes.includes(prefix))
    throw new Error(`not a provider sort code: ${prefix}`);
  if (country === 'LT' && !ltPrefixes.includes(prefix))
    throw new Error(`not a provider bank code: ${prefix}`);
  const width = country === 'GB' ? 8 : 11;
  const account = String(serial).padStart(width, '0');
  if (account.length > width) throw new Error('IBAN serial out of range');
  const bban = country === 'GB' ? `${PROVIDER_GB_BANK_CODE}${prefix}${account}` : `${prefix}${account}`;
  return `${country}${ibanCheckDigits(country, bban)}${bban}`;
}

/** The IBAN country a wallet of a currency gets: GBP a GB IBAN (UK rails), EUR an LT IBAN (SEPA), others GB. */
export function ibanCountryForCurrency(currency: string): ProviderIbanCountry {
  return currency === 'EUR' ? 'LT' : 'GB';
}

export type IbanBank = ProviderEntity['bank'];

/**
 * The bank that services the provider's IBANs of each country (issue 35). It follows the IBAN's
 * country, not the platform: a CA or CJD company's GB IBAN is still a UK account, and payment
 * software refuses a BIC whose country (ISO 9362 characters 5–6) differs from the IBAN's.
 */
export const PROVIDER_IBAN_BANK: Record<ProviderIbanCountry, IbanBank> = {
  GB: PROVIDER_ENTITIES.UK.bank,
  LT: PROVIDER_ENTITIES.CJD.bank,
};

/**
 * The bank (name, BIC, address) shown with a wallet's IBAN — on statements, letters, the hosted
 * payment page, the EPC QR and in API answers. Null for an IBAN the provider did not allocate.
 */
export function bankOfWalletIban(text: string): IbanBank | null {
  const iban = normalizeIban(text);
  if (!isInternalIban(iban)) return null;
  const country = iban.slice(0, 2);
  return country === 'GB' || country === 'LT' ? PROVIDER_IBAN_BANK[country] : null;
}

/** The BIC of a wallet's IBAN (`bankOfWalletIban`), or null. */
export const bicOfWalletIban = (iban: string): string | null => bankOfWalletIban(iban)?.bic ?? null;
