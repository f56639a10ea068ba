import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { ApproveTransferDialog } from './approve-transfer-dialog.tsx';
import { DealStatusBadge, TransferStatusBadge } from './onchain-badges.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('on-chain screens show names, not codes, and whole statuses (issue 36)', () => {
  it('the approval names the network properly: Ethereum, not ethereum', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: true,
              confirmation: {
                challenge_id: '0b7d5f3a-1111-4222-8333-444455556666',
                expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
                items: [
                  {
                    id: 't1',
                    amount: '0.5',
                    currency: 'ETH',
                    payee: 'ethereum',
                    account: '0x52908400098527886E0F7030069857D2E4169EE7',
                  },
                ],
                totals: [{ currency: 'ETH', amount: '0.5' }],
              },
            }),
            { headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    await renderUi(<ApproveTransferDialog id="t1" onClose={() => {}} />);
    const items = await screen.findByTestId('onchain-approve-items');
    expect(items.textContent).toContain('Ethereum');
    expect(items.textContent).not.toMatch(/\bethereum\b/);
  });

  it.each([
    ['transfer', <TransferStatusBadge key="t" status="created" />, 'Awaiting approval'],
    ['deal', <DealStatusBadge key="d" status="awaiting" />, 'Awaiting deposit'],
  ])('a %s status badge never cuts its text to an ellipsis in a narrow column', async (_, badge, text) => {
    await renderUi(badge);
    const label = screen.getByText(text);
    // Mantine's badge label clips with an ellipsis; these badges keep their whole text and width.
    expect(label.style.overflow).toBe('visible');
    expect(label.style.textOverflow).toBe('clip');
    const root = label.closest('.mantine-Badge-root') as HTMLElement;
    expect(root.style.flexShrink).toBe('0');
  });
});
