import fc from 'fast-check';
import { extractBIC, isValidBIC } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { isInternalIban, validateIban } from '../formats/iban.ts';
import { PLATFORM_LABELS } from '../platform/platform.ts';
import {
  bankOfWalletIban,
  bicOfWalletIban,
  ibanCheckDigits,
  ibanCountryForCurrency,
  PLATFORM_IBAN_PREFIX,
  providerIban,
} from './iban-allocation.ts';

describe('provider IBANs (spec §9)', () => {
  it('computes the check digits of a known IBAN', () => {
    // GB82 WEST 1234 5698 7654 32 is the registry's example IBAN.
    expect(ibanCheckDigits('GB', 'WEST12345698765432')).toBe('82');
  });

  it('makes valid, internal GB IBANs of 22 and LT IBANs of 20 characters for every serial', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.constantFrom('UK', 'CA', 'PL', 'CJD'),
        (serial, p) => {
          const prefixes = PLATFORM_IBAN_PREFIX[p as keyof typeof PLATFORM_IBAN_PREFIX];
          const gb = providerIban('GB', prefixes.GB, serial);
          const lt = providerIban('LT', prefixes.LT, serial);
          expect(gb).toHaveLength(22);
          expect(lt).toHaveLength(20);
          expect(validateIban(gb)).toBeNull();
          expect(validateIban(lt)).toBeNull();
          expect(isInternalIban(gb) && isInternalIban(lt)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a prefix that is not the provider’s', () => {
    expect(() => providerIban('GB', '123456', 1)).toThrow();
    expect(() => providerIban('LT', '73000', 1)).toThrow();
  });
});

describe('the bank of a wallet IBAN (issue 35)', () => {
  it('gives every platform and currency a valid BIC of the IBAN’s own country', () => {
    for (const platform of PLATFORM_LABELS)
      for (const currency of ['EUR', 'GBP', 'USD', 'BTC']) {
        const country = ibanCountryForCurrency(currency);
        const iban = providerIban(country, PLATFORM_IBAN_PREFIX[platform][country], 42);
        const bic = bicOfWalletIban(iban) ?? '';
        expect(isValidBIC(bic), `${platform} ${currency} ${bic}`).toBe(true);
        expect(extractBIC(bic).countryCode, `${platform} ${currency} ${iban} ${bic}`).toBe(country);
      }
  });

  it('reads IBANs as typed (spaces, lower case) and knows no bank for another bank’s IBAN', () => {
    expect(bicOfWalletIban('lt14 3950 0000 0100 0001')).toBe('REVOLT21');
    expect(bankOfWalletIban('GB46CLRL04130701000002')?.bic).toBe('BUKBGB22');
    expect(bankOfWalletIban('GB29NWBK60161331926819')).toBeNull();
  });
});
