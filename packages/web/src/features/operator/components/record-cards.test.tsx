import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { RecordCards } from './record-cards.tsx';

afterEach(cleanup);

const record = {
  uuid: 'r1',
  account_name: 'Aurora Analytics GmbH',
  partner: 'Nordic Partners',
  state: 'in_progress' as const,
  app_form_status: 'submitted' as const,
  review_status: 'Pending' as const,
  checklist_done: 3,
  checklist_total: 12,
  created: '2026-11-20T09:30:00.000Z',
  merchant_id: null,
};

describe('<RecordCards> (boarding console on a phone)', () => {
  it('shows company, partner, state, date, forms and review status and the checklist; tap opens', async () => {
    const onOpen = vi.fn();
    await renderUi(
      <RecordCards
        rows={[record, { ...record, uuid: 'r2', account_name: 'Live Co', partner: null, state: 'live' }]}
        onOpen={onOpen}
      />,
    );
    const card = within(screen.getByRole('button', { name: 'Aurora Analytics GmbH' }));
    card.getByText('Partner: Nordic Partners');
    card.getByText('In progress');
    card.getByText('20 Nov 2026 · forms: Submitted · review: Pending');
    card.getByText('3 / 12');
    screen.getByRole('button', { name: 'Live Co' }).click();
    expect(onOpen).toHaveBeenCalledWith('r2');
  });

  it('in Russian, state and statuses are Russian', async () => {
    await renderUi(<RecordCards rows={[record]} onOpen={() => {}} />, { language: 'ru' });
    const text = screen.getByTestId('record-cards').textContent ?? '';
    expect(text).toContain('20 нояб. 2026');
    expect(text).toContain('анкеты:');
    expect(text).not.toContain('In progress');
  });
});
