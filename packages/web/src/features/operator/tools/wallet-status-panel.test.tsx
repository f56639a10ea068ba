import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { WalletStatusPanel } from './wallet-status-panel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wallet = (over: Record<string, unknown> = {}) => ({
  id: '6f1c0b8e-5f8a-4a57-9d7c-1d2f3a4b5c6d',
  merchant_id: 'm1',
  merchant_name: 'Northwind Trading Ltd',
  name: 'Main EUR account',
  status: 'active',
  status_reason: null,
  status_changed_at: null,
  balances: [{ currency: 'EUR', balance: '10.00', available: '10.00' }],
  ...over,
});

/** Answers the wallet list and records every other call. */
function stubApi(wallets: unknown[]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      const payload =
        url.includes('/wallets/') && url.endsWith('/status')
          ? { success: true, wallet: wallets[0] }
          : { success: true, wallets };
      return new Response(JSON.stringify(payload), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('<WalletStatusPanel> (operator tools)', () => {
  it('shows status and reason; a closed wallet offers no change', async () => {
    stubApi([
      wallet({ status: 'disabled', status_reason: 'Compliance review' }),
      wallet({ id: 'w2', name: 'Old GBP', status: 'closed' }),
    ]);
    await renderUi(<WalletStatusPanel merchantId="m1" />);
    const cards = await screen.findAllByTestId('tools-wallet');
    within(cards[0] as HTMLElement).getByText('Reason: Compliance review');
    within(cards[0] as HTMLElement).getByText('Disabled');
    within(cards[1] as HTMLElement).getByText('Closed');
    expect(within(cards[1] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('refuses an empty reason before any call, then sends the chosen status with the reason', async () => {
    const calls = stubApi([wallet()]);
    await renderUi(<WalletStatusPanel merchantId="m1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change status' }));
    const save = await screen.findByTestId('tools-status-save');
    fireEvent.click(save);
    await screen.findByText('Write the reason for the change.');
    expect(calls.filter((c) => c.url.endsWith('/status'))).toHaveLength(0);
    fireEvent.change(screen.getByTestId('tools-status-reason'), { target: { value: '  Fraud alert ' } });
    fireEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/status'))).toHaveLength(1));
    expect(calls.find((c) => c.url.endsWith('/status'))?.body).toEqual({
      status: 'disabled',
      reason: 'Fraud alert',
    });
  });

  it('in Russian, statuses read as on the client wallet list', async () => {
    stubApi([wallet({ status: 'disabled', status_reason: 'Проверка' })]);
    await renderUi(<WalletStatusPanel merchantId="m1" />, { language: 'ru' });
    await screen.findByText('Приостановлен');
    screen.getByText('Причина: Проверка');
  });
});
