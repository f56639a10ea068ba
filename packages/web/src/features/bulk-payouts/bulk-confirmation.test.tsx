import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../shared/testing/render.tsx';
import { ApprovalDialog } from '../../shared/ui/approval-dialog.tsx';
import { batchChallenge } from './api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Callers pass translated texts; plain constants stand in for them here. */
const TITLE = 'Confirm the batch';
const INTRO = 'One confirmation covers the whole batch.';

/** The server's confirmation of a batch of three payments: two in EUR, one in GBP. */
function stubChallenge() {
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
              action: 'confirm',
              file_hash: 'ab'.repeat(32),
              count: 3,
              totals: [
                { currency: 'EUR', amount: '150.00', count: 2 },
                { currency: 'GBP', amount: '20.00', count: 1 },
              ],
              approves: false,
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
}

describe('bulk pay-out confirmation (issue 36)', () => {
  it('counts the payments of the batch in its total, not the lines per currency', async () => {
    stubChallenge();
    await renderUi(
      <ApprovalDialog
        openKey="batch"
        title={TITLE}
        intro={INTRO}
        requestChallenge={() =>
          batchChallenge('0b7d5f3a-aaaa-4222-8333-444455556666', 'confirm', (n) => `${n} payments`)
        }
        approve={async () => {}}
        onClose={() => {}}
        testId="bulk"
      />,
    );
    const totals = await screen.findByTestId('bulk-totals');
    expect(totals.textContent).toContain('Total (3)');
    expect(totals.textContent).toContain('150.00');
    expect(totals.textContent).toContain('20.00');
  });
});
