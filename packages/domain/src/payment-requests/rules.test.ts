import { describe, expect, it } from 'vitest';
import {
  epcQrPayload,
  findPaymentReference,
  paymentReferenceFrom,
  requestActions,
  statusAfterPayment,
} from './rules.ts';

describe('payment request rules', () => {
  it('moves the status by the amount received; closed requests keep theirs and flag the pay-in late', () => {
    expect(statusAfterPayment('open', 10_000n, 4_000n)).toEqual({ status: 'partially_paid', late: false });
    expect(statusAfterPayment('partially_paid', 10_000n, 10_000n)).toEqual({ status: 'paid', late: false });
    expect(statusAfterPayment('paid', 10_000n, 10_001n)).toEqual({ status: 'overpaid', late: false });
    expect(statusAfterPayment('open', null, 1n)).toEqual({ status: 'paid', late: false });
    expect(statusAfterPayment('expired', 10_000n, 10_000n)).toEqual({ status: 'expired', late: true });
    expect(statusAfterPayment('cancelled', null, 5n)).toEqual({ status: 'cancelled', late: true });
  });

  it('offers cancel only while open and refund once money came in', () => {
    expect(requestActions('open', 0n)).toEqual(['cancel', 'match', 'send_email']);
    expect(requestActions('paid', 100n)).toEqual(['refund']);
    expect(requestActions('refunded', 100n)).toEqual([]);
    expect(requestActions('expired', 100n)).toEqual(['refund']);
  });

  it('finds a reference the way payers type it, and nothing in other text', () => {
    const ref = paymentReferenceFrom(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 31]));
    expect(ref).toBe('PR123456789Z');
    expect(findPaymentReference(`invoice ${ref.toLowerCase()} thanks`)).toBe(ref);
    expect(findPaymentReference('pr-1234 5678 9z')).toBe(ref);
    expect(findPaymentReference('order 1001')).toBeNull();
    expect(findPaymentReference(null)).toBeNull();
  });

  it('builds the EPC069-12 payload and refuses what the standard refuses', () => {
    const payload = epcQrPayload({
      name: 'Northwind Payments Ltd',
      iban: 'LT14 3950 0000 0100 0001',
      bic: 'REVOLT21',
      amountMinor: 12_345n,
      remittance: 'PR123456789Z',
    });
    expect(payload).toBe(
      'BCD\n002\n1\nSCT\nREVOLT21\nNorthwind Payments Ltd\nLT143950000001000001\nEUR123.45\n\n\nPR123456789Z',
    );
    expect(
      epcQrPayload({ name: 'A', iban: 'LT143950000001000001', amountMinor: null, remittance: 'x' }),
    ).toContain('\n\n\n\nx');
    expect(() => epcQrPayload({ name: 'A', iban: 'nope', amountMinor: 1n, remittance: '' })).toThrow();
    expect(() =>
      epcQrPayload({
        name: 'A',
        iban: 'LT143950000001000001',
        amountMinor: 100_000_000_000n,
        remittance: '',
      }),
    ).toThrow();
  });
});
