import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { StaffHomePage } from './staff-home-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('staff landing page (issue 36)', () => {
  it('shows the work queues with their counts, each leading to its list', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            queues: { boardings_waiting: 3, open_cases: 12, va_requests: 2, reviews_due: 5 },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    await renderUi(<StaffHomePage />);
    expect((await screen.findByTestId('staff-count-open_cases')).textContent).toBe('12');
    expect(screen.getByTestId('staff-count-boardings_waiting').textContent).toBe('3');
    expect(screen.getByTestId('staff-count-va_requests').textContent).toBe('2');
    expect(screen.getByTestId('staff-count-reviews_due').textContent).toBe('5');
    const cases = screen.getByTestId('staff-queue-open_cases');
    expect(within(cases).getByRole('link').getAttribute('href')).toBe('/operator/cases');
    expect(within(screen.getByTestId('staff-queue-va_requests')).getByRole('link').getAttribute('href')).toBe(
      '/operator/virtual-accounts',
    );
    // One call for the whole page.
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
