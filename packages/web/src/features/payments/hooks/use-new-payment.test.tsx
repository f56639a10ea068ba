import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { useNewPayment } from './use-new-payment.ts';

/** Shows whether the Make payment screen would draw its wallet field as still loading. */
function WalletFieldState() {
  const { wallets } = useNewPayment();
  return <output data-testid="wallets-loading">{String(wallets.isLoading)}</output>;
}

beforeEach(() => {
  // No answer ever comes: the profile (and with it the company) stays unknown.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useNewPayment', () => {
  // The wallets' query waits for the company; drawn as loaded-but-empty meanwhile, the field opened
  // on an empty list that the skeleton then replaced, closing it under the user's finger (seen in
  // the phone journey under load).
  it('keeps the wallet field loading while the company is not yet known', async () => {
    await renderUi(<WalletFieldState />);
    expect(screen.getByTestId('wallets-loading').textContent).toBe('true');
  });
});
