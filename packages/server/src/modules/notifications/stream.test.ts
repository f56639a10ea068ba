import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeWallet } from '../payments/payments.fixtures.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Reads the stream until `done` holds for what arrived (bounded by the test timeout, no sleeps). */
async function readUntil(res: Response, done: (text: string) => boolean): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += decoder.decode(value);
  }
  await reader.cancel();
  return text;
}

describe('GET /api/notifications/stream (Server-Sent Events)', () => {
  it('pushes a pay-in of the company at once; the token may come as access_token', async () => {
    const company = await makeCompany(t);
    const wallet = await makeWallet(t, company.id, 'EUR');
    const user = await makeUser(t, { merchantId: company.id });
    const res = await fetch(`${base}/api/notifications/stream?access_token=${user.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const connected = readUntil(res, (s) => s.includes('event: payment'));
    const id = await service(t.deps, 'processing').payIn({
      merchantId: company.id,
      walletRef: wallet.uuid,
      currency: 'EUR',
      amount: '3.00',
      payerName: 'P',
      payerIban: null,
      method: 'SEPA',
    });
    const text = await connected;
    expect(text).toContain(`"payment_id":"${id}"`);
    expect(text).toContain('"status":"settled"');
  });

  it('another company’s changes never reach the stream; no token is 401', async () => {
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
    const mine = await makeCompany(t);
    const other = await makeCompany(t);
    const otherWallet = await makeWallet(t, other.id, 'EUR');
    const myWallet = await makeWallet(t, mine.id, 'EUR');
    const user = await makeUser(t, { merchantId: mine.id });
    const res = await fetch(`${base}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const reading = readUntil(res, (s) => s.includes('event: payment'));
    const processing = service(t.deps, 'processing');
    const theirs = await processing.payIn({
      merchantId: other.id,
      walletRef: otherWallet.uuid,
      currency: 'EUR',
      amount: '9.00',
      payerName: 'X',
      payerIban: null,
      method: 'SEPA',
    });
    const own = await processing.payIn({
      merchantId: mine.id,
      walletRef: myWallet.uuid,
      currency: 'EUR',
      amount: '1.00',
      payerName: 'Y',
      payerIban: null,
      method: 'SEPA',
    });
    const text = await reading;
    expect(text).toContain(own);
    expect(text).not.toContain(theirs);
  });
});
