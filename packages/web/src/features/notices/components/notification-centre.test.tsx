import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { NotificationCentre } from './notification-centre.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('notification bell (issue 36)', () => {
  it.each([
    ['en-gb', ['Pay-ins', 'Pay-outs', 'Messages', 'Notices']],
    ['ru', ['Входящие', 'Исходящие', 'Сообщения', 'Объявления']],
  ])('names every tab in words (%s), not with icons alone', async (language, names) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, total: 0, notices: [], messages: [], quantity: 0 }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await renderUi(<NotificationCentre withPayments />, { language });
    fireEvent.click(screen.getByTestId('new-transactions'));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.trim())).toEqual(names);
  });
});
