import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { onchainKeys } from '../api.ts';
import { CryptoWalletsPanel } from './crypto-wallets-panel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wallets = [
  { wallet_id: 'w1', asset: 'ETH', balance: '0.000000000000000000', addresses: [] },
  { wallet_id: 'w2', asset: 'USDT', balance: '24897.000000', addresses: [] },
];

describe('crypto amounts read like the other amounts (issue 36)', () => {
  it.each([
    ['en-gb', ['0.00 ETH', '24,897.00 USDT']],
    ['ru', ['0,00 ETH', '24 897,00 USDT']],
  ])('in %s: significant decimals, the locale separators, no raw 18-digit zeros', async (language, expected) => {
    // The list as the API answers it, before the first render (no company yet: no request).
    await renderUi(<CryptoWalletsPanel />, {
      language,
      queryData: [[onchainKeys.wallets(null), { success: true, wallets }]],
    });
    const balances = await screen.findAllByTestId('wallet-balance');
    expect(balances.map((b) => b.textContent?.replace(/\s/g, ' '))).toEqual(expected);
  });
});
