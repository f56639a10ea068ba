import type { ClientUserRight } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { onchainTransfers, postbackOutbox } from '../../db/schema/index.ts';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';
import { makePayer, makeWallet, PASSWORD } from '../payments/payments.fixtures.ts';

export { makePayer, makeWallet, PASSWORD };

/** A company with crypto wallets (USDT funded with `usdt` coins) and a Master-like user. */
export async function onchainCompany(t: TestApp, opts: { usdt?: bigint; rights?: ClientUserRight[] } = {}) {
  const company = await makeCompany(t);
  const rights: ClientUserRight[] = opts.rights ?? [
    'create',
    'approve',
    'approveOwn',
    'cancel',
    'onchainTransfer',
  ];
  const user = await makePayer(t, { merchantId: company.id, rights, isMaster: true });
  const addresses = await service(t.deps, 'onchain').ensureWallets(company.id);
  const usdt = addresses.find((a) => a.asset === 'USDT' && a.network === 'ethereum');
  if (!usdt) throw new Error('no USDT address');
  if (opts.usdt)
    await service(t.deps, 'onchain').creditDeposit(usdt.address, 'USDT', opts.usdt, `fund-${usdt.address}`);
  return { company, user, addresses, usdtWalletId: String(usdt.walletId), usdtAddress: usdt.address };
}

export type Payer = Awaited<ReturnType<typeof makePayer>>;

/** A valid EIP-55 receiver (the USDC contract: never sent to in real life, only shape matters here). */
export const RECEIVER = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

export const usdtInput = (walletId: string, over: Record<string, unknown> = {}) => ({
  asset: 'USDT',
  network: 'ethereum',
  wallet_id: walletId,
  coin_amount: '100',
  address: RECEIVER,
  comments: 'Supplier invoice 7',
  ...over,
});

/** Challenge then create, as the dialog does; returns the create response (or the failed challenge). */
export async function sendTransfer(
  t: TestApp,
  payer: Payer,
  input: Record<string, unknown>,
  opts: { code?: string } = {},
) {
  const ch = await t.call({
    method: 'POST',
    url: '/api/onchain/transfers/challenge',
    token: payer.token,
    payload: input,
  });
  if (ch.statusCode !== 200) return ch;
  const { confirmation, quote } = ch.json();
  return t.call({
    method: 'POST',
    url: '/api/onchain/transfers',
    token: payer.token,
    payload: {
      ...input,
      ...(quote.rate && quote.expires_at ? { rate: quote.rate, rate_expires_at: quote.expires_at } : {}),
      challenge_id: confirmation.challenge_id,
      password: PASSWORD,
      secret_code: opts.code ?? payer.nextCode(),
    },
  });
}

export async function transfersOf(t: TestApp, merchantId: string) {
  return t.deps.db.select().from(onchainTransfers).where(eq(onchainTransfers.merchantId, merchantId));
}

export async function postbacksOf(t: TestApp, subjectId: string) {
  const rows = await t.deps.db.select().from(postbackOutbox).where(eq(postbackOutbox.subjectId, subjectId));
  return rows.map((r) => r.event);
}

export async function available(t: TestApp, walletId: string | number, currency: string) {
  const rows = await service(t.deps, 'ledger').balances(t.deps.db, Number(walletId));
  return rows.find((r) => r.currency === currency)?.available ?? 0n;
}

/** Approves a transfer as the approval dialog does: challenge, then password and code. */
export async function approveTransfer(
  t: TestApp,
  approver: Payer,
  id: string,
  opts: { headers?: Record<string, string> } = {},
) {
  const challenge = await t.call({
    method: 'POST',
    url: `/api/onchain/transfers/${id}/approve_challenge`,
    token: approver.token,
  });
  if (challenge.statusCode !== 200) return challenge;
  return t.call({
    method: 'POST',
    url: `/api/onchain/transfers/${id}/approve`,
    token: approver.token,
    headers: opts.headers ?? {},
    payload: {
      challenge_id: challenge.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: approver.freshCode(),
    },
  });
}
