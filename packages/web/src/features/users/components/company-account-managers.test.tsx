import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { CompanyAccountManagers } from './company-account-managers.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (managers: unknown[]) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, managers }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );

describe('<CompanyAccountManagers> (a client sees its account managers)', () => {
  it('lists each manager with a mail link, the group by name and the date in the locale format', async () => {
    answer([
      {
        user_id: 'u1',
        user_name: 'Emma Clarke',
        email: 'emma.clarke@provider.example',
        group_id: 'CSM',
        group_name: 'CSM',
        created: '2026-03-02T10:00:00.000Z',
      },
    ]);
    await renderUi(<CompanyAccountManagers />);
    const row = await screen.findByTestId('client-account-manager');
    expect(row.textContent).toContain('Emma Clarke');
    expect(row.textContent).toContain('Account manager');
    expect(row.textContent).not.toContain('CSM');
    expect(row.textContent).toContain('2 Mar 2026');
    expect(screen.getByRole('link', { name: 'emma.clarke@provider.example' }).getAttribute('href')).toBe(
      'mailto:emma.clarke@provider.example',
    );
  });

  it('says when no manager is assigned yet', async () => {
    answer([]);
    await renderUi(<CompanyAccountManagers />);
    await screen.findByText('No account manager yet');
  });
});
