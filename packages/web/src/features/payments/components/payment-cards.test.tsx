import type { PaymentView } from '@portal/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { PaymentCards } from './payment-cards.tsx';

afterEach(cleanup);

const payment = (over: Partial<PaymentView>): PaymentView => ({
  id: 'p1',
  reference_uuid: '6f1c2d3e-0000-4000-8000-000000000001',
  wallet_id: 'w1',
  direction: 'outbound',
  transaction_type: 'payout',
  payment_method: 'SEPA',
  original_pm_label: 'SEPA',
  status: 'pending',
  creation_date: '2026-11-20T09:30:00.000Z',
  capture_date: null,
  charge_date: null,
  settlement_date: null,
  currency: 'EUR',
  gross_amount: '12345.60',
  fee_amount: '0.00',
  net_amount: '12345.60',
  corresponding_client: {
    name: 'Hollandse Logistiek B.V.',
    iban: null,
    account: null,
    bank_code: null,
    bic: null,
  },
  comments: '',
  end_to_end_id: null,
  instruction_id: null,
  errors: null,
  created_by: null,
  approved_by: null,
  original_payment_id: null,
  recall_requested: false,
  dispute_opened: false,
  refunded: false,
  actions: ['approve'],
  ...over,
});

describe('<PaymentCards> (payments on a phone)', () => {
  it('shows counterparty, amount with separators and status on each card, no raw id', async () => {
    const onOpen = vi.fn();
    await renderUi(
      <PaymentCards
        rows={[
          payment({}),
          payment({ id: 'p2', status: 'settled', direction: 'inbound', gross_amount: '5' }),
        ]}
        isLoading={false}
        isSelectable={false}
        selected={new Set()}
        onToggle={() => {}}
        onOpen={onOpen}
      />,
    );
    const cards = screen.getByTestId('payment-cards').querySelectorAll('[data-payment-id]');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    first.getAllByText('Hollandse Logistiek B.V.');
    first.getByText('€12,345.60');
    first.getByText('Pending');
    expect(cards[0]?.textContent).not.toContain('6f1c2d3e');
    (cards[1] as HTMLElement).click();
    expect(onOpen).toHaveBeenCalledWith('p2');
  });

  it('in Russian, statuses are translated and selection does not open the card', async () => {
    const onOpen = vi.fn();
    const onToggle = vi.fn();
    await renderUi(
      <PaymentCards
        rows={[payment({})]}
        isLoading={false}
        isSelectable
        selected={new Set()}
        onToggle={onToggle}
        onOpen={onOpen}
      />,
      { language: 'ru' },
    );
    expect(screen.getByTestId('payment-cards').textContent).not.toContain('Pending');
    screen.getByRole('checkbox').click();
    expect(onToggle).toHaveBeenCalledWith('p1');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('only approvable or cancellable payments can be selected; Enter on a card opens it', async () => {
    const onOpen = vi.fn();
    await renderUi(
      <PaymentCards
        rows={[payment({}), payment({ id: 'p2', status: 'settled', actions: ['refund'] })]}
        isLoading={false}
        isSelectable
        selected={new Set(['p1'])}
        onToggle={() => {}}
        onOpen={onOpen}
      />,
    );
    const [approvable, settled] = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(approvable?.checked).toBe(true);
    expect(approvable?.disabled).toBe(false);
    expect(settled?.disabled).toBe(true);
    const card = screen.getAllByRole('button', { name: 'Open payment Hollandse Logistiek B.V.' })[1];
    card?.focus();
    fireEvent.keyDown(card as HTMLElement, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith('p2');
  });

  it('in Russian, an exchange leg is named "Обмен валют", not the English name the server stores (issue 36)', async () => {
    await renderUi(
      <PaymentCards
        rows={[
          payment({
            transaction_type: 'exchange',
            payment_method: 'INTERNAL',
            status: 'settled',
            actions: [],
            corresponding_client: { ...payment({}).corresponding_client, name: 'Currency exchange' },
          }),
        ]}
        isLoading={false}
        isSelectable={false}
        selected={new Set()}
        onToggle={() => {}}
        onOpen={() => {}}
      />,
      { language: 'ru' },
    );
    const card = screen.getByTestId('payment-cards');
    expect(card.textContent).toContain('Обмен валют');
    expect(card.textContent).not.toContain('Currency exchange');
  });
});

describe('<PaymentDetailFields> (a payment from a pain.001 file)', () => {
  it("shows the client's own EndToEndId and InstrId, and nothing for a payment without them", async () => {
    const { PaymentDetailFields } = await import('./payment-details.tsx');
    await renderUi(
      <PaymentDetailFields
        payment={payment({ end_to_end_id: 'INV-2026-0042', instruction_id: 'BATCH7-12' })}
      />,
    );
    expect(screen.getByTestId('payment-end-to-end-id').textContent).toBe('INV-2026-0042');
    expect(screen.getByTestId('payment-instruction-id').textContent).toBe('BATCH7-12');
    screen.getByText('Your end-to-end reference (EndToEndId)');
    cleanup();
    await renderUi(<PaymentDetailFields payment={payment({})} />);
    expect(screen.queryByTestId('payment-end-to-end-id')).toBeNull();
  });
});
