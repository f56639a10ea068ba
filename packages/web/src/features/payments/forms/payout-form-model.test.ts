import { describe, expect, it } from 'vitest';
import { walletForPrefill } from './payout-form-model.ts';

const eurOnly = { id: 1, uuid: 'w-eur', balances: [{ currency: 'EUR' }] };
const gbpUsd = { id: 2, uuid: 'w-gbp', balances: [{ currency: 'GBP' }, { currency: 'USD' }] };
const eurGbp = { id: 3, uuid: 'w-multi', balances: [{ currency: 'EUR' }, { currency: 'GBP' }] };
const wallets = [eurOnly, gbpUsd, eurGbp];

describe('walletForPrefill (a template or a copied payment fills the account)', () => {
  it('takes the account the template names, by uuid or by id', () => {
    expect(walletForPrefill(wallets, 'w-gbp', '', 'GBP')).toBe('w-gbp');
    expect(walletForPrefill(wallets, '3', '', 'EUR')).toBe('w-multi');
  });

  it('a template without an account gets one that holds its currency, never an empty account', () => {
    expect(walletForPrefill(wallets, null, '', 'GBP')).toBe('w-gbp');
    expect(walletForPrefill(wallets, null, '', 'EUR')).toBe('w-eur');
  });

  it('keeps the account already chosen when it holds the currency', () => {
    expect(walletForPrefill(wallets, null, 'w-multi', 'GBP')).toBe('w-multi');
    expect(walletForPrefill(wallets, null, 'w-eur', 'GBP')).toBe('w-gbp');
  });

  it('no account holds the currency: the choice stays as it was', () => {
    expect(walletForPrefill(wallets, null, 'w-eur', 'CHF')).toBe('w-eur');
  });
});
