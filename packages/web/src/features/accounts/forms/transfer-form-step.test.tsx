import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import type { TransferAccount } from './transfer-form-model.ts';
import { TransferForm } from './transfer-form-step.tsx';

afterEach(cleanup);

const account = (
  wallet_id: number,
  currency: string,
  available: string,
  ui_name: string,
): TransferAccount => ({
  wallet_id,
  uuid: `0b6f7a52-0000-4000-8000-00000000000${wallet_id}`,
  ui_name,
  currency,
  available,
});
const accounts = [
  account(1, 'EUR', '2000.00', 'Main EUR'),
  account(1, 'GBP', '10.00', 'Main EUR'),
  account(2, 'EUR', '5.00', 'Payroll EUR'),
  account(3, 'GBP', '7.00', 'Sterling'),
];

async function renderForm(onContinue = vi.fn()) {
  await renderUi(
    <TransferForm
      accounts={accounts}
      initial={null}
      fromWalletId={1}
      isChecking={false}
      onCancel={() => undefined}
      onContinue={onContinue}
    />,
  );
  return onContinue;
}

const amountInput = () => screen.getByTestId('transfer-amount') as HTMLInputElement;

describe('<TransferForm> (move money between my accounts)', () => {
  it('offers as targets only the other accounts of the source currency, and sends the typed amount exactly', async () => {
    const onContinue = await renderForm();
    fireEvent.click(screen.getByTestId('transfer-to'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Payroll EUR · EUR']);
    screen.getByText('Available: €2,000.00');
    fireEvent.click(options[0] as HTMLElement);
    fireEvent.change(amountInput(), { target: { value: '1,250.50' } });
    fireEvent.change(screen.getByTestId('transfer-reference'), { target: { value: ' Payroll March ' } });
    fireEvent.click(screen.getByTestId('transfer-continue'));
    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    expect(onContinue.mock.calls[0]?.[1]).toEqual({
      from_wallet_id: accounts[0]?.uuid,
      to_wallet_id: accounts[2]?.uuid,
      currency: 'EUR',
      amount: '1250.50',
      reference: 'Payroll March',
    });
  });

  it('says what is wrong with the amount and does not go on', async () => {
    const onContinue = await renderForm();
    fireEvent.change(amountInput(), { target: { value: '2000.01' } });
    fireEvent.click(screen.getByTestId('transfer-continue'));
    await screen.findByText('Insufficient balance on the account.');
    fireEvent.change(amountInput(), { target: { value: '1.005' } });
    fireEvent.click(screen.getByTestId('transfer-continue'));
    await screen.findByText('Amount may have at most two decimals.');
    await screen.findByText('Choose the account to pay to.');
    expect(onContinue).not.toHaveBeenCalled();
  });
});
