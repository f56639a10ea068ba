import type { ClientUserRight } from '@portal/domain';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { makePayer, PASSWORD } from '../payments/payments.fixtures.ts';

export type Trader = Awaited<ReturnType<typeof makePayer>>;

/** A user who may exchange; with `approve` and `approveOwn` exchanges execute at once. */
export const makeTrader = (
  t: TestApp,
  merchantId: string,
  rights: ClientUserRight[] = ['instantFx', 'approve', 'approveOwn'],
) => makePayer(t, { merchantId, rights });

export interface QuoteInput {
  sell_wallet_id: string | number;
  sell_currency: string;
  buy_wallet_id: string | number;
  buy_currency: string;
  sell_amount?: string;
  buy_amount?: string;
  settlement?: 'instant' | 'sbd' | 'nbd';
}

export const requestQuote = (t: TestApp, token: string, q: QuoteInput) =>
  t.call({
    method: 'POST',
    url: '/api/fx/quote',
    token,
    payload: { ...q, sell_wallet_id: String(q.sell_wallet_id), buy_wallet_id: String(q.buy_wallet_id) },
  });

export async function quoteOk(t: TestApp, token: string, q: QuoteInput) {
  const r = await requestQuote(t, token, q);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().quote as {
    quote_id: string;
    challenge_id: string;
    sell_amount: string;
    buy_amount: string;
    rate: string;
    expires_at: string;
    needs_approval: boolean;
    value_date: string;
  };
}

export const confirmQuote = (
  t: TestApp,
  token: string,
  quote: Awaited<ReturnType<typeof quoteOk>>,
  code: string,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  t.call({
    method: 'POST',
    url: '/api/fx/exchange',
    token,
    headers,
    payload: {
      quote_id: quote.quote_id,
      challenge_id: quote.challenge_id,
      sell_amount: quote.sell_amount,
      buy_amount: quote.buy_amount,
      rate: quote.rate,
      password: PASSWORD,
      secret_code: code,
      ...overrides,
    },
  });

/** Quote then confirm with a fresh TOTP step (the step is taken first, so the quote stays fresh). */
export async function exchange(t: TestApp, trader: Trader, q: QuoteInput) {
  const code = trader.nextCode();
  const quote = await quoteOk(t, trader.token, q);
  return { quote, response: await confirmQuote(t, trader.token, quote, code) };
}

/** Approves an exchange as the approval dialog does: challenge, then password and code. */
export async function approveExchange(
  t: TestApp,
  approver: Trader,
  id: string,
  opts: { password?: string; code?: string } = {},
) {
  const challenge = await t.call({
    method: 'POST',
    url: `/api/fx/exchange/${id}/approve_challenge`,
    token: approver.token,
  });
  if (challenge.statusCode !== 200) return challenge;
  return t.call({
    method: 'POST',
    url: `/api/fx/exchange/${id}/approve`,
    token: approver.token,
    payload: {
      challenge_id: challenge.json().confirmation.challenge_id,
      password: opts.password ?? PASSWORD,
      secret_code: opts.code ?? approver.freshCode(),
    },
  });
}
