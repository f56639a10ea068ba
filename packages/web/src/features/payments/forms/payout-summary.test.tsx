import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { PayoutSummary, payoutFigures } from './payout-summary.tsx';

afterEach(cleanup);

describe('new-payment summary figures', () => {
  it('amount only while typing; fee, total debit and balance after once the server checked it', () => {
    expect(payoutFigures('EUR', '1,234.56', '5000.00', null)).toMatchObject({
      amount: '1234.56',
      fee: null,
      total: null,
    });
    expect(payoutFigures('GBP', '100', '1000.00', { amount: '100.00', fee: '35.00' })).toEqual({
      currency: 'GBP',
      amount: '100.00',
      fee: '35.00',
      total: '135.00',
      balanceAfter: '865.00',
      isShort: false,
    });
  });

  it('flags a total debit the available balance does not cover, exactly', () => {
    const f = payoutFigures('GBP', '100', '100.00', { amount: '100.00', fee: '0.01' });
    expect(f?.balanceAfter).toBe('-0.01');
    expect(f?.isShort).toBe(true);
  });
});

describe('<PayoutSummary>', () => {
  it('shows amount, fee, total debit and balance after before the confirmation step', async () => {
    const onConfirm = vi.fn();
    await renderUi(
      <PayoutSummary
        balance={{ currency: 'GBP', available: '12500.00' }}
        payee="Acme Trading Ltd"
        figures={payoutFigures('GBP', '1000', '12500.00', { amount: '1000.00', fee: '35.00' })}
        cop={{ kind: 'matched' }}
        isReviewed
        isBusy={false}
        isReady
        ibanError={null}
        onConfirm={onConfirm}
      />,
    );
    expect(within(screen.getByTestId('summary-amount')).getByText('£1,000.00')).toBeTruthy();
    expect(within(screen.getByTestId('summary-fee')).getByText('£35.00')).toBeTruthy();
    expect(within(screen.getByTestId('summary-total')).getByText('£1,035.00')).toBeTruthy();
    expect(within(screen.getByTestId('summary-after')).getByText('£11,465.00')).toBeTruthy();
    expect(screen.getByTestId('summary-cop').textContent).toContain('name matches');
    screen.getByTestId('review-confirm').click();
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('in Russian, before the check, says the fee comes after the check', async () => {
    await renderUi(
      <PayoutSummary
        balance={undefined}
        payee=""
        figures={payoutFigures('EUR', '10', undefined, null)}
        cop={null}
        isReviewed={false}
        isBusy={false}
        isReady
        ibanError={null}
        onConfirm={() => {}}
      />,
      { language: 'ru' },
    );
    expect(screen.getByTestId('summary-fee').textContent).toContain('после проверки');
    expect(screen.getByTestId('continue-payment')).toBeTruthy();
  });
});
