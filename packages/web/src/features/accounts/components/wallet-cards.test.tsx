import type { WalletRow } from '@portal/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { DailyAccountCards, DailyDayCards } from './daily-balance-cards.tsx';
import { WalletCards } from './wallet-cards.tsx';

afterEach(cleanup);

/** Intl puts no-break spaces in Russian numbers; compare them as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const wallet = (over: Partial<WalletRow>): WalletRow => ({
  id: 1,
  uuid: '0b6f7a52-0000-4000-8000-000000000001',
  ui_name: 'Main EUR account',
  status: 1,
  parent_id: null,
  is_subaccount: false,
  created: '2026-01-05T10:00:00.000Z',
  ibans: [
    { iban_number: 'LT143950000001000001', country: 'LT', bic: 'REVOLT21' },
    { iban_number: 'GB46CLRL04130701000002', country: 'GB', bic: 'BUKBGB22' },
  ],
  balances: [
    { currency: 'USD', balance: '-12.50', available: '-12.50' },
    { currency: 'EUR', balance: '2271291.06', available: '2267835.46' },
  ],
  subaccounts_quantity: 1,
  has_negative_balance: true,
  ...over,
});

function AccountOpened() {
  return <p>{`opened ${useParams().uuid}`}</p>;
}

describe('<WalletCards> (accounts on a phone)', () => {
  it('shows name, balances in currency order with separators, the IBAN by 4 and the status', async () => {
    await renderUi(
      <Routes>
        <Route path="/" element={<WalletCards wallets={[wallet({})]} />} />
        <Route path="/acclst/:uuid" element={<AccountOpened />} />
      </Routes>,
    );
    const card = within(screen.getByRole('button', { name: 'Open account Main EUR account' }));
    card.getByText('Main EUR account');
    card.getByText('1 sub-account');
    expect(card.getByTestId('wallet-iban').textContent).toBe('LT14 3950 0000 0100 0001 +1');
    const balances = card.getAllByTestId(/^balance-/).map((el) => el.textContent);
    expect(balances).toEqual(['€2,271,291.06', '-US$12.50']);
    expect(card.getByTestId('balance-USD').style.color).not.toBe('');
    card.getByText('Active');

    screen.getByRole('button', { name: 'Open account Main EUR account' }).click();
    await screen.findByText('opened 0b6f7a52-0000-4000-8000-000000000001');
  });

  it('in Russian: translated status and sub-account mark, amounts in Russian format', async () => {
    await renderUi(
      <WalletCards
        wallets={[wallet({ is_subaccount: true, subaccounts_quantity: 0, status: 0, ibans: [] })]}
      />,
      { language: 'ru' },
    );
    const text = plain(screen.getByTestId('wallet-cards').textContent);
    expect(text).toContain('Субсчёт');
    expect(text).toContain('Закрыт');
    expect(text).toContain('2 271 291,06 €');
    expect(text).not.toContain('Active');
  });
});

describe('statement cards (closing daily balances on a phone)', () => {
  it('an account card shows its closing balance and the day’s credits and debits; tapping opens it', async () => {
    const opened: { id: number; name: string }[] = [];
    await renderUi(
      <DailyAccountCards
        currency="EUR"
        onOpen={(w) => opened.push(w)}
        wallets={[
          {
            uuid: 'u1',
            id: 7,
            ui_name: 'Main EUR account',
            opening_balance: '1000',
            credits: '2500',
            debits: '1234.5',
            closing_balance: '2265.5',
          },
        ]}
      />,
    );
    const card = screen.getByRole('button', { name: 'Closing daily balances: Main EUR account' });
    expect(within(card).getByTestId('closing-balance').textContent).toBe('€2,265.50');
    within(card).getByText('credits €2,500.00 · debits €1,234.50');
    card.click();
    expect(opened).toEqual([{ id: 7, name: 'Main EUR account' }]);
  });

  it('day cards show the date and a negative closing balance in red, in the user’s language', async () => {
    await renderUi(
      <DailyDayCards
        currency="GBP"
        days={[{ date: '2026-11-20', opening: '10', credits: '0', debits: '20', closing: '-10' }]}
      />,
      { language: 'ru' },
    );
    const cards = screen.getByTestId('daily-day-cards');
    expect(cards.textContent).toContain('20 нояб. 2026');
    const closing = within(cards).getByTestId('closing-balance');
    expect(plain(closing.textContent)).toBe('-10,00 £');
    expect(closing.style.color).not.toBe('');
    expect(within(cards).queryByRole('button')).toBeNull();
  });
});
