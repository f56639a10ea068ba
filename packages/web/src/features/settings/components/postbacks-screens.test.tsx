import type { CompanySettings, PostbackEventRow } from '@portal/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { PostbackUrlsCard } from './postback-urls-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = (over: Partial<CompanySettings> = {}): CompanySettings => ({
  ipWhitelist: [],
  postbackUrls: {},
  notification_urls: {},
  messengers: { chat_webhook_url: '', team_email: '' },
  secret: { has_secret: false, created_at: null },
  caller_ip: '203.0.113.10',
  ip_whitelist_apply_seconds: 60,
  allow_insecure_urls: false,
  ...over,
});

const event = (over: Partial<PostbackEventRow>): PostbackEventRow => ({
  id: '1',
  type: 'payout',
  event: 'settled',
  subject_id: 's1',
  created_at: '2026-11-20T10:00:00.000Z',
  status: 'delivered',
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  last_duration_ms: 120,
  next_attempt_at: null,
  delivered_at: '2026-11-20T10:00:01.000Z',
  is_test: false,
  kind: 'payment',
  ...over,
});

function stubLog(events: PostbackEventRow[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, events, quantity: events.length }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

describe('postback screens (issue 36)', () => {
  it('an event of a type without a URL reads "not sent", not FAILED with 0 ms', async () => {
    stubLog([
      event({
        id: '7',
        type: 'fx',
        status: 'not_sent',
        attempts: 0,
        last_status_code: null,
        last_duration_ms: null,
        delivered_at: null,
      }),
    ]);
    await renderUi(<DeliveryLog merchantId="m1" settings={settings()} />);
    const row = await screen.findByTestId('postback-row-7');
    // Short enough for the status column in every language; the tooltip says why (no URL).
    expect(within(row).getByTestId('postback-status-7').textContent).toBe('Not sent');
    expect(row.textContent).not.toMatch(/Failed|0 ms/);
  });

  it("on-chain transfer events are named as such, not Pay-out (they travel as the spec's payout type)", async () => {
    stubLog([event({ id: '8', type: 'payout', kind: 'onchain_transfer' })]);
    await renderUi(<DeliveryLog merchantId="m1" settings={settings()} />);
    const row = await screen.findByTestId('postback-row-8');
    expect(row.textContent).toContain('On-chain transfer');
    expect(row.textContent).not.toContain('Pay-out');
    // The event reads as a word, not the API's lowercase code.
    expect(row.textContent).toContain('Settled');
    expect(row.textContent).not.toMatch(/settled/);
  });

  it('"Create secret" opens a dialog about creating, not rotating', async () => {
    await renderUi(<PostbackUrlsCard merchantId="m1" settings={settings()} />);
    fireEvent.click(screen.getByTestId('postback-rotate'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Create secret').length).toBeGreaterThan(0);
    expect(dialog.textContent).not.toContain('Rotate');
  });
});
