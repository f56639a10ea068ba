import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  availableBalancesKey,
  invalidateMoney,
  isTouchedBy,
  moneyKey,
  useMoneyMutationOptions,
  walletPart,
} from './freshness.ts';

describe('which keys a money change touches', () => {
  it('touches every money key of the company, none of another company, no other key', () => {
    expect(isTouchedBy(availableBalancesKey('c1'), { companyId: 'c1' })).toBe(true);
    expect(isTouchedBy(moneyKey('c1', 'payments', 'list', 1), { companyId: 'c1' })).toBe(true);
    expect(isTouchedBy(moneyKey('c2', 'payments', 'list', 1), { companyId: 'c1' })).toBe(false);
    expect(isTouchedBy(['users', 'me', 'u1'], { companyId: 'c1' })).toBe(false);
    // A push that names no company touches the figures of whatever company is on screen.
    expect(isTouchedBy(moneyKey('c2', 'dashboard', 'recent', 5), {})).toBe(true);
  });

  it('narrowed to wallets: that wallet and company-wide figures, not the other wallets', () => {
    const change = { companyId: 'c1', walletIds: [7] };
    expect(isTouchedBy(moneyKey('c1', 'accounts', 'detail', walletPart(7)), change)).toBe(true);
    expect(isTouchedBy(moneyKey('c1', 'accounts', 'detail', walletPart(8)), change)).toBe(false);
    expect(isTouchedBy(availableBalancesKey('c1'), change)).toBe(true);
  });
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('the freshness rule on screen', () => {
  it('a settled money mutation refetches the balances on screen, without a reload', async () => {
    const { wrapper } = setup();
    let balance = '100.00';
    const fetchBalance = vi.fn(async () => balance);
    const { result } = renderHook(
      () => {
        const shown = useQuery({ queryKey: availableBalancesKey('c1'), queryFn: fetchBalance });
        const approve = useMutation({
          mutationFn: async () => {
            balance = '60.00';
          },
          ...useMoneyMutationOptions({ companyId: 'c1' }),
        });
        return { shown, approve };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.shown.data).toBe('100.00'));
    await act(() => result.current.approve.mutateAsync());
    await waitFor(() => expect(result.current.shown.data).toBe('60.00'));
    expect(fetchBalance).toHaveBeenCalledTimes(2);
  });

  it('a server push refetches the company on screen and leaves other keys alone', async () => {
    const { client, wrapper } = setup();
    const money = vi.fn(async () => 'figures');
    const other = vi.fn(async () => 'profile');
    renderHook(
      () => {
        useQuery({ queryKey: moneyKey('c1', 'payments', 'list'), queryFn: money });
        useQuery({ queryKey: ['users', 'me', 'u1'], queryFn: other });
      },
      { wrapper },
    );
    await waitFor(() => expect(money).toHaveBeenCalledTimes(1));
    await act(() => invalidateMoney(client, {}));
    await waitFor(() => expect(money).toHaveBeenCalledTimes(2));
    expect(other).toHaveBeenCalledTimes(1);
  });
});
