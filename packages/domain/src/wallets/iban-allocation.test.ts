import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInternalIban, validateIban } from '../formats/iban.ts';
import { ibanCheckDigits, PLATFORM_IBAN_PREFIX, providerIban } from './iban-allocation.ts';

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
