import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { emptyExchangeForm, ExchangeRequestForm } from './exchange-request-form.tsx';

afterEach(cleanup);

const render = (bookingWindow: {
  working_time: boolean;
  sbd_value_date: string | null;
  nbd_value_date: string | null;
}) => {
  const onCancel = vi.fn();
  const onQuote = vi.fn();
  const view = renderUi(
    <ExchangeRequestForm
      mode="booked"
      form={emptyExchangeForm('booked')}
      onForm={() => {}}
      pair={null}
      pairs={[]}
      bookingWindow={{ success: true, ...bookingWindow }}
      canQuote={false}
      quoteError={null}
      isQuoting={false}
      onQuote={onQuote}
      onCancel={onCancel}
    />,
  );
  return { view, onCancel, onQuote };
};

describe('<ExchangeRequestForm> booked (NBD/SBD)', () => {
  it('outside working hours says so up front and offers no form to fill', async () => {
    const { view, onCancel } = render({ working_time: false, sbd_value_date: null, nbd_value_date: null });
    await view;
    await screen.findByText('Booking is closed now');
    expect(screen.queryByTestId('fx-amount')).toBeNull();
    expect(screen.queryByTestId('fx-get-rate')).toBeNull();
    fireEvent.click(screen.getByTestId('fx-closed-close'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('in working hours shows the form with the value date in the locale format', async () => {
    await render({ working_time: true, sbd_value_date: '2026-11-30', nbd_value_date: '2026-12-01' }).view;
    await screen.findByTestId('fx-amount');
    expect(screen.getByTestId('fx-booking-window').textContent).toBe(
      'Next business day (NBD): value date 1 Dec 2026',
    );
  });
});
